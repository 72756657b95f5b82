package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// A file with an unterminated quote is bad_csv with its line, on both import
// routes and in both body forms: the preview lists it (200), the commit
// refuses the file (400 import.rejected carrying that preview), never a 500,
// and nothing is written.
func TestImportUnterminatedQuoteIsBadCSV(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		file := "sku,name\nOK,Fine\n\"abc,def"
		asJSON, _ := json.Marshal(map[string]string{"csv": file})
		type fileErr struct {
			Code   string
			Params struct{ Line int }
		}
		type preview struct {
			Valid  bool
			Errors []fileErr
		}
		for _, c := range []struct {
			name, path, contentType, body string
			want                          int
		}{
			{"preview csv", "/api/inventory/import/preview", "text/csv", file, 200},
			{"preview json", "/api/inventory/import/preview", "application/json", string(asJSON), 200},
			{"commit csv", "/api/inventory/import", "text/csv", file, 400},
			{"commit json", "/api/inventory/import", "application/json", string(asJSON), 400},
		} {
			req, _ := http.NewRequest("POST", e.srv.URL+c.path, strings.NewReader(c.body))
			req.Header.Set("Authorization", "Bearer "+e.token)
			req.Header.Set("Content-Type", c.contentType)
			res, err := e.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != c.want {
				t.Fatalf("%s: status %d, want %d: %s", c.name, res.StatusCode, c.want, raw)
			}
			var p preview
			if c.want == 200 {
				err = json.Unmarshal(raw, &p)
			} else {
				var rej struct {
					Code    string
					Preview preview
				}
				err = json.Unmarshal(raw, &rej)
				if rej.Code != "import.rejected" {
					t.Errorf("%s: code %q, want import.rejected", c.name, rej.Code)
				}
				p = rej.Preview
			}
			if err != nil || p.Valid || len(p.Errors) != 1 || p.Errors[0].Code != "bad_csv" || p.Errors[0].Params.Line != 3 {
				t.Errorf("%s: %v %s, want one bad_csv error on line 3", c.name, err, raw)
			}
		}
		var list struct{ Total int }
		e.call("GET", "/api/inventory/items", e.token, "", 200, &list)
		if list.Total != 0 {
			t.Fatalf("a refused import wrote %d items", list.Total)
		}
	})
}

// NUL, another control character or invalid UTF-8 in any cell is that
// row's error in the preview (400 import.rejected on commit), never a 500:
// a SKU with NUL reached PostgreSQL, which refuses it in text.
func TestImportBadTextInACellIsTheRowsError(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		for _, col := range []string{"sku", "name", "unit", "category", "location", "batch_code", "source"} {
			for _, bad := range []string{"a\x00b", "a\x01b", "a\xffb"} {
				cells := map[string]string{"sku": "SKU-1", "name": "Rice", "kind": "raw_material", "unit": "kg",
					"category": "Grain", "location": "A1", "batch_code": "B1", "quantity": "5", "source": "Donor"}
				cells[col] = bad
				cols := []string{"sku", "name", "kind", "unit", "category", "location", "batch_code", "quantity", "source"}
				var row []string
				for _, c := range cols {
					row = append(row, cells[c])
				}
				file := strings.Join(cols, ",") + "\n" + strings.Join(row, ",") + "\n"
				for _, path := range []string{"/api/inventory/import/preview", "/api/inventory/import"} {
					req, _ := http.NewRequest("POST", e.srv.URL+path, strings.NewReader(file))
					req.Header.Set("Authorization", "Bearer "+e.token)
					req.Header.Set("Content-Type", "text/csv")
					res, err := e.srv.Client().Do(req)
					if err != nil {
						t.Fatal(err)
					}
					raw, _ := io.ReadAll(res.Body)
					res.Body.Close()
					if res.StatusCode >= 500 || res.StatusCode == 200 && strings.HasSuffix(path, "/import") {
						t.Errorf("%s with %q in %s: %d %s", path, bad, col, res.StatusCode, raw)
					}
					if strings.HasSuffix(path, "/preview") && (res.StatusCode != 200 || !strings.Contains(string(raw), `"valid":false`)) {
						t.Errorf("preview with %q in %s: %d %s", bad, col, res.StatusCode, raw)
					}
				}
			}
		}
	})
}
