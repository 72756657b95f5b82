package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/packline/packline/internal/httpapi/openapi"
)

// contract is the API's OpenAPI document, loaded once for every test.
var contract = sync.OnceValues(func() (routers.Router, error) {
	b, err := openapi.JSON()
	if err != nil {
		return nil, err
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, err
	}
	return gorillamux.NewRouter(doc)
})

// validated wraps the API so that every response it gives in a test is
// checked against the OpenAPI document: its status must be documented for
// the operation and its body must match the documented schema. A response to
// an /api path the document does not name fails too, unless it is the 404 or
// 405 of a path that really does not exist.
func validated(t testing.TB, h http.Handler) http.Handler {
	router, err := contract()
	if err != nil {
		t.Fatalf("the OpenAPI document: %v", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The live event stream never ends: it is passed through as it goes
		// (its events are JSON checked by the messaging tests).
		if r.URL.Path == "/api/events" {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		res := rec.Result()
		body := rec.Body.Bytes()
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)

		if !strings.HasPrefix(r.URL.Path, "/api/") {
			return
		}
		if err := checkResponse(router, r, res, body); err != nil {
			t.Errorf("%s %s → %d: the response does not match the OpenAPI document: %v\nbody: %.600s",
				r.Method, r.URL.RequestURI(), rec.Code, err, body)
		}
	})
}

func checkResponse(router routers.Router, r *http.Request, res *http.Response, body []byte) error {
	// The router matches on the URL's host as well as its path.
	req := r.Clone(context.Background())
	req.URL.Scheme, req.URL.Host = "http", r.Host
	route, params, err := router.FindRoute(req)
	if err != nil {
		if res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusMethodNotAllowed {
			return nil // a path or method that does not exist, answered as such
		}
		return err
	}
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return err
		}
		if body, err = io.ReadAll(zr); err != nil {
			return err
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status:  res.StatusCode,
		Header:  res.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	in.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// The check itself: it rejects a body or a status the document does not
// allow, so a drift between server and document cannot pass unseen.
func TestContractCatchesDrift(t *testing.T) {
	router, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, path string
		status       int
		body         string
		ok           bool
	}{
		{"GET", "/api/health", 200, `{"status":"ok","version":"1","schema_version":3}`, true},
		{"GET", "/api/health", 200, `{"status":"ok","version":"1"}`, false},
		{"GET", "/api/settings/public", 200, `{"organisation_name":"A","support_email":"a@b.c","time_zone":7}`, false},
		{"POST", "/api/login", 401, `{"error":"Wrong email or password.","code":"auth.bad_credentials","params":{}}`, true},
		{"POST", "/api/login", 401, `{"error":"Wrong email or password."}`, false},
		{"POST", "/api/login", 401, `{"message":"Wrong email or password."}`, false},
		{"GET", "/api/inventory/items/7", 200, `{"id":7}`, false},
		{"GET", "/api/no-such-thing", 404, `{"error":"No such API endpoint.","code":"api.no_endpoint","params":{}}`, true},
		{"GET", "/api/no-such-thing", 200, `{}`, false},
	} {
		r := httptest.NewRequest(c.method, c.path, nil)
		res := &http.Response{StatusCode: c.status, Header: http.Header{"Content-Type": {"application/json"}}}
		err := checkResponse(router, r, res, []byte(c.body))
		if (err == nil) != c.ok {
			t.Errorf("%s %s %d %s: error %v, want ok=%v", c.method, c.path, c.status, c.body, err, c.ok)
		}
	}
}
