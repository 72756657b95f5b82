package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/text"
)

// maxBody is the largest JSON request body accepted.
const maxBody = 1 << 20

// decode reads a JSON object body into a T, turning every way a client can
// get it wrong into a coded error, then checks and trims every string in it
// (see cleanText).
func decode[T any](w http.ResponseWriter, r *http.Request) (T, error) {
	var v T
	err := decodeJSON(w, r, &v)
	return v, err
}

// decodeJSON is decode for a value the caller already holds.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return decodeLimited(w, r, v, maxBody, func() error {
		return apperr.New(apperr.TooLarge, "request.too_large", apperr.Params{"limit": maxBody},
			fmt.Sprintf("The request body is too large (limit %d bytes).", maxBody))
	})
}

// decodeLimited is decodeJSON for a body of at most limit bytes, answering
// tooLarge beyond it.
func decodeLimited(w http.ResponseWriter, r *http.Request, v any, limit int64, tooLarge func() error) error {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return tooLarge()
		}
		return apperr.New(apperr.Invalid, "request.bad_json", nil, "The request body could not be read.")
	}
	// Before the decoder, which would store broken text as U+FFFD.
	if err := checkEncoding(b); err != nil {
		return err
	}
	// null decodes into any struct without a word; it is not an object.
	if string(bytes.TrimSpace(b)) == "null" {
		return errNotObject
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		var syntaxErr *json.SyntaxError
		var coded *apperr.Error
		switch {
		case errors.As(err, &coded): // a value's own UnmarshalJSON refused it (a quantity)
			return coded
		case strings.HasPrefix(err.Error(), unknownFieldPrefix):
			return errUnknownField(b, v, err)
		case errors.As(err, &typeErr):
			field := typeErr.Field
			if field == "" {
				return errNotObject
			}
			kind := jsonKind(typeErr.Type.Kind())
			return apperr.New(apperr.Invalid, "request.field_type", apperr.Params{"field": field, "type": kind},
				fmt.Sprintf("Field %s must be %s.", field, kindPhrase[kind])).OnField(field)
		case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
			return apperr.New(apperr.Invalid, "request.bad_json", nil, "The request body is not valid JSON.")
		case errors.Is(err, io.EOF):
			return apperr.New(apperr.Invalid, "request.empty", nil, "The request body is empty.")
		default:
			return apperr.New(apperr.Invalid, "request.bad_json", nil, "The request body is not valid JSON.")
		}
	}
	if dec.More() {
		return apperr.New(apperr.Invalid, "request.not_single", nil, "The request body must hold a single JSON object.")
	}
	return cleanText(reflect.ValueOf(v), "", text.Line)
}

var errNotObject = apperr.New(apperr.Invalid, "request.not_object", nil, "The request body must be a JSON object.")

// unknownFieldPrefix starts the error encoding/json gives, under
// DisallowUnknownFields, for a member the target has no field for (it has no
// error type of its own).
const unknownFieldPrefix = "json: unknown field "

// errUnknownField is the 400 field.unknown for a member of the body b that v
// has no field for, named by its full path when it is nested.
func errUnknownField(b []byte, v any, err error) error {
	field := unknownField(b, reflect.TypeOf(v), "")
	if field == "" {
		field, _ = strconv.Unquote(strings.TrimPrefix(err.Error(), unknownFieldPrefix))
	}
	return apperr.New(apperr.Invalid, "field.unknown", apperr.Params{"field": field},
		fmt.Sprintf("Field %s is not part of this request.", field)).OnField(field)
}

// kindPhrase words a JSON type for the English message.
var kindPhrase = map[string]string{
	"number": "a number", "string": "a string", "boolean": "true or false",
	"list": "a list", "object": "an object", "other": "of another type",
}

func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return "other"
}

var jsonNumber = reflect.TypeFor[json.Number]()

// cleanText walks a decoded body: every string must be valid UTF-8 without
// NUL or control characters (tabs and line breaks are allowed in fields
// tagged `text:"multiline"`), and is trimmed in place unless tagged
// `text:"raw"` (passwords, PINs). A refused string is a 400 naming its field.
func cleanText(v reflect.Value, field string, kind text.Kind) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return cleanText(v.Elem(), field, kind)
	case reflect.String:
		if v.Type() == jsonNumber {
			return nil
		}
		s := v.String()
		if p := text.Check(s, kind); p != text.OK {
			return text.Error(field, p)
		}
		if v.CanSet() {
			v.SetString(text.Clean(s, kind))
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			// encoding/json fills the exported fields of an embedded struct
			// even when its type is unexported; check them too.
			if !f.IsExported() && !(f.Anonymous && f.Type.Kind() == reflect.Struct) {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if f.Anonymous && f.Tag.Get("json") == "" {
				name = field
			} else if field != "" {
				name = field + "." + name
			}
			k := text.Line
			switch f.Tag.Get("text") {
			case "multiline":
				k = text.Multiline
			case "raw":
				k = text.Raw
			}
			if err := cleanText(v.Field(i), name, k); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // bytes (json.RawMessage): not text
		}
		for i := range v.Len() {
			if err := cleanText(v.Index(i), fmt.Sprintf("%s[%d]", field, i), kind); err != nil {
				return err
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			name := fmt.Sprint(iter.Key().Interface())
			if p := text.Check(name, text.Line); p != text.OK {
				return text.Error(field, p)
			}
			if field != "" {
				name = field + "." + name
			}
			// Map values cannot be trimmed in place; they are checked only.
			if err := cleanText(iter.Value(), name, kind); err != nil {
				return err
			}
		}
	}
	return nil
}
