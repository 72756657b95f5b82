// Command readyserve is the ceiling for an answer already made: bare
// net/http serving one file's bytes, gzipped, as GET /api/employees does
// (the kiosk bench compares the two in the same run).
//
//	go run ./scripts/bench/readyserve --addr 127.0.0.1:18800 --gz list.json.gz
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18800", "listen address")
	gz := flag.String("gz", "", "the gzipped body to serve")
	flag.Parse()
	body, err := os.ReadFile(*gz)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Content-Encoding", "gzip")
		w.Write(body)
	})))
}
