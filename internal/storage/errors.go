package storage

import (
	"database/sql"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/storage/engine"
)

// mapError turns driver errors a client can cause into coded errors, by the
// driver's code, never its text. Coded errors pass through unchanged.
func mapError(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	if engine.IsUniqueViolation(err) {
		return apperr.New(apperr.Conflict, "conflict.duplicate", nil, "That already exists.")
	}
	return err
}

// errNotFound is a row that is not there, for callers with no better word.
var errNotFound = apperr.New(apperr.NotFound, "not_found", nil, "Not found.")

// mustAffect turns an update that touched no row into NotFound.
func mustAffect(res sql.Result, err error) error { return affected(errNotFound)(res, err) }

// rowsChanged reports whether a write touched any row.
func rowsChanged(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// affected returns a check that turns an update touching no row into notFound.
func affected(notFound error) func(sql.Result, error) error {
	return func(res sql.Result, err error) error {
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return notFound
		}
		return nil
	}
}

// IsUnavailable reports whether err means the database cannot be reached
// (PostgreSQL stopped, restarting or out of reach), not that a query was
// wrong: the request may succeed once it is back. The HTTP layer answers
// these with 503 db.unavailable instead of an internal error.
func IsUnavailable(err error) bool { return engine.IsUnavailable(err) }
