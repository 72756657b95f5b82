package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/packline/packline/internal/text"
)

// checkEncoding refuses a JSON body whose strings are not Unicode text: raw
// bytes that are not UTF-8, or a \u escape naming half of a surrogate pair
// (`"\ud800"`) without its other half. encoding/json would store either as
// U+FFFD without a word; this is the documented 400 text.encoding naming the
// field (dotted as cleanText names it: `destination.address`, `lines[0].note`).
// A body that is not JSON at all is left to the decoder to refuse.
func checkEncoding(b []byte) error {
	if utf8.Valid(b) && !bytes.Contains(b, []byte(`\u`)) {
		return nil // the common case: nothing to scan for
	}
	// frames holds, for every open object or list, where in it the scan is.
	type frame struct {
		object    bool
		key       string // the current member's name (object)
		index     int    // the current element (list)
		expectKey bool   // the next string is a member name (object)
	}
	var frames []frame
	path := func() string {
		var sb strings.Builder
		for _, f := range frames {
			if f.object {
				if sb.Len() > 0 {
					sb.WriteByte('.')
				}
				sb.WriteString(f.key)
			} else {
				fmt.Fprintf(&sb, "[%d]", f.index)
			}
		}
		return sb.String()
	}
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '{':
			frames = append(frames, frame{object: true, expectKey: true})
		case '[':
			frames = append(frames, frame{})
		case '}', ']':
			if len(frames) == 0 {
				return nil // not JSON: the decoder says so
			}
			frames = frames[:len(frames)-1]
		case ',':
			if n := len(frames); n > 0 {
				if frames[n-1].object {
					frames[n-1].expectKey = true
				} else {
					frames[n-1].index++
				}
			}
		case ':':
			if n := len(frames); n > 0 {
				frames[n-1].expectKey = false
			}
		case '"':
			end, ok := scanString(b, i+1)
			n := len(frames)
			isKey := n > 0 && frames[n-1].object && frames[n-1].expectKey
			if !ok {
				field := path()
				if isKey { // the name itself: blame the object holding it
					frames = frames[:n-1]
					field = path()
				}
				return text.Error(field, text.BadEncoding)
			}
			if end < 0 {
				return nil // unterminated: the decoder says so
			}
			if isKey {
				var key string
				if json.Unmarshal(b[i:end+1], &key) != nil {
					key = string(b[i+1 : end])
				}
				frames[n-1].key = key
			}
			i = end
		}
	}
	return nil
}

// scanString reads the JSON string whose first character is at b[i] and
// returns the index of its closing quote (-1 when there is none), and false
// when it holds a byte sequence that is not UTF-8 or an unpaired surrogate
// escape.
func scanString(b []byte, i int) (end int, ok bool) {
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			return i, true
		case c == '\\':
			if i+1 < len(b) && b[i+1] == 'u' {
				r, good := hex4(b, i+2)
				if !good {
					return -1, true // a broken escape: the decoder refuses it
				}
				i += 6
				switch {
				case r >= 0xDC00 && r <= 0xDFFF: // a low half with no high half before it
					return 0, false
				case r >= 0xD800 && r <= 0xDBFF: // a high half needs a low half next
					if i+1 >= len(b) || b[i] != '\\' || b[i+1] != 'u' {
						return 0, false
					}
					lo, good := hex4(b, i+2)
					if !good || lo < 0xDC00 || lo > 0xDFFF {
						return 0, false
					}
					i += 6
				}
				continue
			}
			i += 2
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size <= 1 {
				return 0, false
			}
			i += size
		}
	}
	return -1, true
}

// hex4 reads the four hex digits of a \u escape starting at b[i].
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		r <<= 4
		switch {
		case '0' <= c && c <= '9':
			r |= rune(c - '0')
		case 'a' <= c && c <= 'f':
			r |= rune(c-'a') + 10
		case 'A' <= c && c <= 'F':
			r |= rune(c-'A') + 10
		default:
			return 0, false
		}
	}
	return r, true
}

// unknownField names, as a dotted path, the first member of the JSON body b
// that the type t has no field for, as encoding/json matches names (exact,
// else case-insensitive). It returns "" when it finds none, for example
// below a type that decodes itself.
func unknownField(b []byte, t reflect.Type, prefix string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		return ""
	}
	join := func(name string) string {
		if prefix == "" {
			return name
		}
		return prefix + "." + name
	}
	switch t.Kind() {
	case reflect.Struct:
		var members map[string]json.RawMessage
		if json.Unmarshal(b, &members) != nil {
			return ""
		}
		fields := jsonFields(t)
		for name, raw := range members {
			ft, ok := fields[name]
			if !ok {
				for k, v := range fields {
					if strings.EqualFold(k, name) {
						ft, ok = v, true
						break
					}
				}
			}
			if !ok {
				return join(name)
			}
			if f := unknownField(raw, ft, join(name)); f != "" {
				return f
			}
		}
	case reflect.Slice, reflect.Array:
		var elems []json.RawMessage
		if json.Unmarshal(b, &elems) != nil {
			return ""
		}
		for i, raw := range elems {
			if f := unknownField(raw, t.Elem(), fmt.Sprintf("%s[%d]", prefix, i)); f != "" {
				return f
			}
		}
	case reflect.Map:
		var members map[string]json.RawMessage
		if json.Unmarshal(b, &members) != nil {
			return ""
		}
		for name, raw := range members {
			if f := unknownField(raw, t.Elem(), join(name)); f != "" {
				return f
			}
		}
	}
	return ""
}

var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// jsonFields maps the JSON names of a struct's fields (those of embedded
// structs included) to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && tag == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range jsonFields(et) {
					if _, dup := out[k]; !dup {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}
