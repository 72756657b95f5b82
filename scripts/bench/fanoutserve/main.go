// Command fanoutserve is the ceiling for live event delivery on this
// machine: the least a server can do to put one chat message on every open
// event stream. It speaks just enough of Packline's API for
// scripts/bench/eventsload (GET /api/events, POST /api/chat/topics, POST
// /api/chat/topics/{id}/messages) and does nothing else: no database, no
// authentication, no hub; a message's frame is made once and written to
// every connection, the connections split between as many writers as there
// are cores. What is left is the kernel's work for each stream's socket and
// the loader's for reading it, so the events bench compares Packline's
// delivery with this in the same run.
//
//	go run ./scripts/bench/fanoutserve --addr 127.0.0.1:18801
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

type server struct {
	mu    sync.Mutex
	conns []net.Conn
	next  atomic.Int64 // event ids
}

func main() {
	addr := flag.String("addr", "127.0.0.1:18801", "listen address")
	flag.Parse()
	s := &server{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/health", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(`{"status":"ok"}`)) })
	mux.HandleFunc("GET /api/events", s.stream)
	mux.HandleFunc("POST /api/chat/topics", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"id":1}`))
	})
	mux.HandleFunc("POST /api/chat/topics/{id}/messages", s.message)
	log.Fatal(http.ListenAndServe(*addr, mux))
}

// stream takes the connection over and keeps it.
func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	conn, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	brw.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\nretry: 3000\n: stream open\n\n")
	if err := brw.Flush(); err != nil {
		conn.Close()
		return
	}
	s.mu.Lock()
	s.conns = append(s.conns, conn)
	s.mu.Unlock()
}

// message answers the POST, then writes the message's frame to every stream.
func (s *server) message(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Text string `json:"text"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id := s.next.Add(1)
	data, _ := json.Marshal(map[string]any{"id": id, "topic_id": 1, "text": in.Text, "created_at": time.Now().UTC().Format(time.RFC3339Nano)})
	frame := []byte(fmt.Sprintf("id: %d\nevent: chat.message\ndata: %s\n\n", id, data))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	w.Write(data)
	s.mu.Lock()
	conns := s.conns
	s.mu.Unlock()
	writers := runtime.GOMAXPROCS(0)
	for i := range writers {
		go func() {
			for j := i; j < len(conns); j += writers {
				conns[j].Write(frame)
			}
		}()
	}
}
