package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
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

// contractDoc is the API's OpenAPI document, loaded once for every test.
var contractDoc = sync.OnceValues(func() (*openapi3.T, error) {
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
	return doc, nil
})

// contract routes requests to the document's operations.
var contract = sync.OnceValues(func() (routers.Router, error) {
	doc, err := contractDoc()
	if err != nil {
		return nil, err
	}
	return gorillamux.NewRouter(doc)
})

// checkEvent validates one live event of GET /api/events against the
// document: its type must be a property of the LiveEvents schema, and its
// data must match that property's schema.
func checkEvent(typ string, data []byte) error {
	doc, err := contractDoc()
	if err != nil {
		return err
	}
	events := doc.Components.Schemas["LiveEvents"]
	if events == nil || events.Value == nil {
		return errors.New("the document has no LiveEvents schema")
	}
	schema := events.Value.Properties[typ]
	if schema == nil {
		return fmt.Errorf("event type %q is not in the document's LiveEvents", typ)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("event %q: data is not JSON: %w", typ, err)
	}
	if err := schema.Value.VisitJSON(v); err != nil {
		return fmt.Errorf("event %q does not match the document: %w", typ, err)
	}
	return nil
}

// validated wraps the API so that every request a test sends and every
// response it gives are checked against the OpenAPI document.
//
// A response's status must be documented for the operation and its body must
// match the documented schema. A response to an /api path the document does
// not name fails too, unless it is the 404 or 405 of a path that really does
// not exist.
//
// A request is checked (parameters, body, content type) too, and the server
// must agree with the verdict: a request the document calls invalid must be
// refused (4xx) — a test sends one on purpose, and the 4xx it gets is what
// marks it as such — and a request the document calls valid must not be
// refused by the body decoder (see checkAgreement).
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
		var reqBody []byte
		if r.Body != nil {
			reqBody, _ = io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(reqBody))
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
		if err := checkAgreement(checkRequest(router, r, reqBody), rec.Code, body); err != nil {
			t.Errorf("%s %s → %d: %v\nrequest: %.600s\nresponse: %.600s", r.Method, r.URL.RequestURI(), rec.Code, err, reqBody, body)
		}
	})
}

func init() {
	// The document's text/csv body is a string (the file's text); whether it
	// reads as CSV is the server's to judge (the preview's bad_csv), not the
	// validator's own CSV parser's.
	openapi3filter.RegisterBodyDecoder("text/csv", openapi3filter.PlainBodyDecoder)
}

// errNoRoute is checkRequest's answer for a path or method the document does
// not name (checkResponse judges those).
var errNoRoute = errors.New("no such operation")

// checkRequest validates a request against the document: its path and query
// parameters, its content type and its body.
func checkRequest(router routers.Router, r *http.Request, body []byte) error {
	req := r.Clone(context.Background())
	req.URL.Scheme, req.URL.Host = "http", r.Host
	req.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := router.FindRoute(req)
	if err != nil {
		return errNoRoute
	}
	if route.Operation.RequestBody == nil && hasMembers(body) {
		return fmt.Errorf("%s %s takes no request body: %.100s", r.Method, route.Path, body)
	}
	return openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
			MultiError:         true,
		},
	})
}

// hasMembers says whether a body is more than nothing: not empty, not
// white space, not {} (null, a list or a member are something).
func hasMembers(body []byte) bool {
	var m map[string]json.RawMessage
	if len(bytes.TrimSpace(body)) == 0 {
		return false
	}
	return json.Unmarshal(body, &m) != nil || m == nil || len(m) > 0
}

// decoderCodes are the refusals of the server's body decoder that the
// document expresses too; a request the document calls valid must not get
// one. (request.field_type is not among them: JSON Schema's integer has no
// bound, so an id of 1e30 is valid to it and too large for the server.)
var decoderCodes = map[string]bool{
	"field.unknown": true, "request.not_object": true, "request.empty": true, "request.bad_json": true,
}

// checkAgreement holds the server to the document's verdict on a request
// (reqErr, from checkRequest) given the status and body it answered.
func checkAgreement(reqErr error, status int, body []byte) error {
	switch {
	case errors.Is(reqErr, errNoRoute):
		return nil
	case reqErr != nil && status < 400:
		return fmt.Errorf("the server accepted a request the OpenAPI document calls invalid: %w", reqErr)
	case reqErr == nil && status == http.StatusBadRequest:
		var e struct{ Code string }
		_ = json.Unmarshal(body, &e)
		if decoderCodes[e.Code] {
			return fmt.Errorf("the server refused (%s) a request the OpenAPI document calls valid", e.Code)
		}
	}
	return nil
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
	// A client error is one the operation names (the shared 4xx answers of
	// components/responses), not one only its default covers: the document
	// tells a client every refusal it can meet. (499 is a request whose
	// client went away: nobody receives it.)
	if s := res.StatusCode; s >= 400 && s < 500 && s != 499 && route.Operation.Responses.Status(s) == nil {
		return fmt.Errorf("status %d is not among the operation's responses (components/responses names the shared ones)", s)
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
		// A client error the operation does not name, even with the Error body.
		{"GET", "/api/health", 409, `{"error":"Conflict.","code":"conflict","params":{}}`, false},
		{"GET", "/api/inventory/items/7", 404, `{"error":"Not found.","code":"not_found","params":{}}`, true},
		{"GET", "/api/no-such-thing", 200, `{}`, false},
	} {
		r := httptest.NewRequest(c.method, c.path, nil)
		res := &http.Response{StatusCode: c.status, Header: http.Header{"Content-Type": {"application/json"}, "Www-Authenticate": {`Bearer realm="packline"`}}}
		err := checkResponse(router, r, res, []byte(c.body))
		if (err == nil) != c.ok {
			t.Errorf("%s %s %d %s: error %v, want ok=%v", c.method, c.path, c.status, c.body, err, c.ok)
		}
	}
}

// The request check: a request the document calls invalid must be refused,
// and one it calls valid must not be refused by the body decoder.
func TestContractHoldsRequests(t *testing.T) {
	router, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, path, body string
		status             int
		respCode           string
		ok                 bool
	}{
		{"PATCH", "/api/user/preferences", `{"theme":"dark"}`, 200, "", true},
		{"PATCH", "/api/user/preferences", `{"role":"admin"}`, 200, "", false},             // accepted what the document refuses
		{"PATCH", "/api/user/preferences", `{"role":"admin"}`, 400, "field.unknown", true}, // refused on purpose
		{"PATCH", "/api/user/preferences", `null`, 200, "", false},
		{"POST", "/api/invoices", `{"client_id":1,"lines":[{"description":"x","quantity":"1.5","unit_price_minor":1}]}`, 201, "", false},
		{"GET", "/api/shipments?page=0", "", 200, "", false},
		{"GET", "/api/shipments?page=2&order=DESC", "", 200, "", true},
		{"PATCH", "/api/user/preferences", `{"theme":"dark"}`, 400, "field.unknown", false}, // the decoder refused a valid body
	} {
		r := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		if c.body != "" {
			r.Header.Set("Content-Type", "application/json")
		}
		body, _ := json.Marshal(map[string]any{"error": "x", "code": c.respCode, "params": map[string]any{}})
		err := checkAgreement(checkRequest(router, r, []byte(c.body)), c.status, body)
		if (err == nil) != c.ok {
			t.Errorf("%s %s %s → %d: error %v, want ok=%v", c.method, c.path, c.body, c.status, err, c.ok)
		}
	}
}

// The live event check refuses an event type or a payload the document does
// not describe.
func TestContractHoldsLiveEvents(t *testing.T) {
	for _, c := range []struct {
		typ, data string
		ok        bool
	}{
		{"presence", `{"user_id":3,"online":true}`, true},
		{"presence", `{"user_id":3}`, false},
		{"notification", `{"unread":2}`, true},
		{"notification", `{"unread":"2"}`, false},
		{"chat.message", `{"action":"shouted","message":{}}`, false},
		{"stock.moved", `{}`, false},
	} {
		if err := checkEvent(c.typ, []byte(c.data)); (err == nil) != c.ok {
			t.Errorf("%s %s: %v, want ok=%v", c.typ, c.data, err, c.ok)
		}
	}
}
