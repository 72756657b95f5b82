package inventory

import (
	"encoding/json"
	"strings"
	"testing"
)

// importSeeds are the odd files the tests already import, and a few more:
// wrong quotes, a byte order mark, semicolons with decimal commas, blank
// lines, columns the file repeats or does not know.
var importSeeds = []string{
	"sku,name\n\"abc,def",
	"sku,name\nx,y\n\"abc,def\nfoo",
	"\"sku",
	"sku\na\"b\n",
	"",
	"\xef\xbb\xbf",
	"\xff\xfe",
	"name,colour\nx,y\n",
	"sku\nRICE\n",
	"sku,sku\nA,B\n",
	"sku,name,kind,unit,quantity\nRICE,Rice,raw,kg,10\nBAG,Bag,,each,x\n",
	"sku,name,kind,unit,quantity\nRICE,Rice,raw,kg,10\nBAG,Bag,packaging,each,\n",
	"sku,name,kind,unit,batch_code,quantity\nRICE,Rice,raw,kg,R-1,5\nEXISTS,,,,LOT-1,3\n",
	"sku,name,kind,unit,batch_code,quantity,received_at\nRICE,Rice,raw,kg,R-1,5,2025-08-01\nRICE,,,,,2,2025-08-01\nRICE,,,,,3,2025-08-01\nEXISTS,,,,,4,2025-08-15\n",
	"sku,name,kind,unit,category,location,reorder_level,batch_code,quantity,received_at,expires_at,source\n" +
		"RICE,Rice,raw material,kg,Grains,A,100,R-1,250,2025-08-01,2026-08-01,Harvest\nRICE,,,,,,,R-2,100,2025-08-02,,\n" +
		"RICE,Other name,,,,,,R-1,5,,,\n,No sku,packaging,each,,,,,,,,\nBAG,Bag,plastic,each,,,,,abc,,,\n" +
		"BOX,Box,packaging,,,,,,10,2025-13-01,,\nEXISTS,,,,,,,LOT-1,3,,,\n",
	"SKU;Name;Kind;Unit;Reorder level;Batch;Qty;Expiry\nRICE;Rice;raw;kg;100;R-1;250,5;2099-08-01\nRICE;;;;;;100;\nBAG;Bag;packaging;each;;;;\nEXISTS;;;;;LOT-2;3;\n",
	"sku,name,kind,unit,quantity\n\n , , \nA,\"multi\nline\",raw,kg,1\r\nB,B,raw,kg,-1\n",
	"sku,quantity,received_at,expires_at\nA,1,2025-08-02,2025-08-01\nA,1e9,,\nA,99999999999999,,\n",
}

// FuzzImportReader: any bytes are read without a panic, as records whose
// lines only grow, or stop at one file error that names a line.
func FuzzImportReader(f *testing.F) {
	for _, s := range importSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, ferr := newImportReader(data)
		if ferr != nil {
			if ferr.Code != "empty_file" && ferr.Code != "not_utf8" {
				t.Fatalf("file error %+v", ferr)
			}
			return
		}
		if _, ferr := rd.header(); ferr != nil {
			if ferr.Code != "bad_csv" || ferr.Params["line"] != 1 {
				t.Fatalf("header error %+v", ferr)
			}
			return
		}
		last := 1
		lines := strings.Count(string(data), "\n") + strings.Count(string(data), "\r") + 1
		for {
			rec, line, ferr := rd.next()
			if ferr != nil {
				if l, _ := ferr.Params["line"].(int); ferr.Code != "bad_csv" || l <= last || l > lines {
					t.Fatalf("record error %+v after line %d", ferr, last)
				}
				return
			}
			if rec == nil {
				return
			}
			if line <= last || line > lines {
				t.Fatalf("record %q on line %d after line %d", rec, line, last)
			}
			last = line
		}
	})
}

// FuzzParseImport: any bytes give a preview (never a panic) that is valid
// only without errors, whose rows keep file order and whose row errors
// name their field.
func FuzzParseImport(f *testing.F) {
	for _, s := range importSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := ParseImport(data, "2025-08-15")
		if p.Valid && (len(p.Errors) > 0 || p.RowsWithErrors > 0 || len(p.Rows) == 0) {
			t.Fatalf("valid preview with errors: %+v", p)
		}
		if len(p.Rows) > MaxImportRows {
			t.Fatalf("%d rows", len(p.Rows))
		}
		last := 1
		for _, r := range p.Rows {
			if r.Line <= last {
				t.Fatalf("row on line %d after line %d", r.Line, last)
			}
			last = r.Line
			for _, e := range r.Errors {
				if _, ok := e.Params["field"]; !ok || e.Code == "" || e.Message == "" {
					t.Fatalf("line %d error %+v", r.Line, e)
				}
			}
			if r.HasStock && r.Quantity <= 0 {
				t.Fatalf("line %d: stock of %v", r.Line, r.Quantity)
			}
		}
		for _, e := range p.Errors {
			if e.Code == "" || e.Message == "" {
				t.Fatalf("file error %+v", e)
			}
			if l, ok := e.Params["line"].(int); e.Code == "bad_csv" && (!ok || l < 1) {
				t.Fatalf("bad_csv without its line: %+v", e)
			}
		}
		if _, err := json.Marshal(p); err != nil {
			t.Fatal(err)
		}
	})
}
