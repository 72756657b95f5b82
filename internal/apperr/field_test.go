package apperr

import "testing"

// Each field constructor gives its code, names the field in Field and
// params.field, and words a default English message unless given one.
func TestFieldErrors(t *testing.T) {
	for _, c := range []struct {
		err           *Error
		code, message string
		params        Params
	}{
		{Required("name"), "field.required", "name is required.", Params{"field": "name"}},
		{Required("pin", "PIN is required."), "field.required", "PIN is required.", Params{"field": "pin"}},
		{TooLong("notes", 2000), "field.too_long", "notes must be at most 2000 characters.", Params{"field": "notes", "max": 2000}},
		{Range("page", 1, 9), "field.range", "page must be a whole number from 1 to 9.", Params{"field": "page", "min": int64(1), "max": int64(9)}},
		{Date("due_date"), "field.date", "due_date must be a date like 2025-08-15.", Params{"field": "due_date"}},
		{Choice("order", []string{"asc", "desc"}), "field.choice", "order must be one of asc, desc.", Params{"field": "order", "choices": "asc, desc"}},
	} {
		e := c.err
		if e.Kind != Invalid || e.Code != c.code || e.Message != c.message || e.Field != c.params["field"] || len(e.Params) != len(c.params) {
			t.Errorf("%+v, want %s %q on %v", e, c.code, c.message, c.params)
		}
		for k, v := range c.params {
			if e.Params[k] != v {
				t.Errorf("%s: params[%s] = %#v, want %#v", c.code, k, e.Params[k], v)
			}
		}
	}
}

// A required date is refused when empty or not YYYY-MM-DD; an optional one
// only when it is given and not a date.
func TestCheckDate(t *testing.T) {
	for _, c := range []struct {
		v                  string
		required, optional string // the codes, "" for none
	}{
		{"2026-02-28", "", ""},
		{"", "field.required", ""},
		{"2026-02-30", "field.date", "field.date"},
		{"28/02/2026", "field.date", "field.date"},
	} {
		for _, got := range []struct {
			err  error
			want string
		}{{CheckDate("ship_date", c.v), c.required}, {CheckOptionalDate("ship_date", c.v), c.optional}} {
			e, _ := As(got.err)
			switch {
			case got.want == "" && got.err != nil:
				t.Errorf("%q: %v, want nil", c.v, got.err)
			case got.want != "" && (e == nil || e.Code != got.want || e.Field != "ship_date"):
				t.Errorf("%q: %v, want %s on ship_date", c.v, got.err, got.want)
			}
		}
	}
}
