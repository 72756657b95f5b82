package httpapi

import (
	"context"
	"net/http"
)

// The shapes most handlers share: read the path's {id}, a JSON body or
// both, call the service, answer with what it returns.

// serveByID answers 200 with what get (a read, or an action without a body)
// returns for the path's {id}.
func serveByID[Out any](w http.ResponseWriter, r *http.Request, get func(context.Context, int64) (Out, error)) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	v, err := get(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

// serveBody decodes an In and answers status with what do returns for it.
func serveBody[In, Out any](w http.ResponseWriter, r *http.Request, status int, do func(context.Context, In) (Out, error)) error {
	in, err := decode[In](w, r)
	if err != nil {
		return err
	}
	v, err := do(r.Context(), in)
	if err != nil {
		return err
	}
	return writeJSON(w, status, v)
}

// serveIDBody reads the path's {id}, then decodes an In, and answers status
// with what do returns for both.
func serveIDBody[In, Out any](w http.ResponseWriter, r *http.Request, status int, do func(context.Context, int64, In) (Out, error)) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decode[In](w, r)
	if err != nil {
		return err
	}
	v, err := do(r.Context(), id, in)
	if err != nil {
		return err
	}
	return writeJSON(w, status, v)
}
