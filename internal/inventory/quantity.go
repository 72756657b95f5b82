package inventory

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/packline/packline/internal/apperr"
)

// Quantity is an exact amount of an item in thousandths of its unit
// (1 kg = 1000, 2.5 bags = 2500), so sums never drift. In JSON it is a plain
// number with at most three decimals.
type Quantity int64

// QuantityScale is how many Quantity steps make one unit.
const QuantityScale = 1000

// MaxQuantity bounds any one quantity (one billion units), far below the
// point where sums of many could overflow.
const MaxQuantity Quantity = 1_000_000_000 * QuantityScale

// Units returns q as a whole number of units and thousandths: 2.5 → 2500.
func Units(n int64) Quantity { return Quantity(n * QuantityScale) }

// String formats q as a decimal without trailing zeros: 2500 → "2.5".
func (q Quantity) String() string {
	neg := q < 0
	v := int64(q)
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v/QuantityScale, 10)
	if frac := v % QuantityScale; frac != 0 {
		f := strings.TrimRight(strconv.FormatInt(frac+QuantityScale, 10)[1:], "0")
		s += "." + f
	}
	if neg {
		s = "-" + s
	}
	return s
}

// MarshalJSON writes q as a JSON number.
func (q Quantity) MarshalJSON() ([]byte, error) { return []byte(q.String()), nil }

// UnmarshalJSON reads a JSON number exactly. A string, even a numeric one,
// is the wrong type, as the API's contract says: the decoder answers it with
// request.field_type naming the field.
func (q *Quantity) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] != '-' && (b[0] < '0' || b[0] > '9') {
		return &json.UnmarshalTypeError{Value: jsonValueKind(b[0]), Type: reflect.TypeFor[Quantity]()}
	}
	v, err := ParseQuantity(string(b))
	if err != nil {
		return err
	}
	*q = v
	return nil
}

// jsonValueKind names the JSON type starting with c, as encoding/json does.
func jsonValueKind(c byte) string {
	switch c {
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "value"
}

// ParseQuantity reads a decimal such as "12", "-0.5" or "1.250" exactly.
// More than three decimals, exponents and out-of-range values are Invalid.
func ParseQuantity(s string) (Quantity, error) {
	s = strings.TrimSpace(s)
	bad := apperr.New(apperr.Invalid, "quantity.invalid", apperr.Params{"value": s},
		fmt.Sprintf("%q is not a quantity: use a number with at most 3 decimals.", s))
	if s == "" {
		return 0, bad
	}
	neg := false
	switch s[0] {
	case '-':
		neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" && (!hasDot || frac == "") {
		return 0, bad
	}
	if hasDot && frac == "" {
		return 0, bad
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return 0, bad
			}
		}
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 3 {
		return 0, apperr.New(apperr.Invalid, "quantity.decimals", apperr.Params{"value": s},
			fmt.Sprintf("%q has too many decimals: at most 3 are kept.", s))
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > 10 {
		return 0, apperr.New(apperr.Invalid, "quantity.too_large", apperr.Params{"value": s}, fmt.Sprintf("%q is too large.", s))
	}
	var w int64
	if whole != "" {
		w, _ = strconv.ParseInt(whole, 10, 64)
	}
	var f int64
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "000")[:3], 10, 64)
	}
	v := Quantity(w*QuantityScale + f)
	if v > MaxQuantity {
		return 0, apperr.New(apperr.Invalid, "quantity.too_large", apperr.Params{"value": s}, fmt.Sprintf("%q is too large.", s))
	}
	if neg {
		v = -v
	}
	return v, nil
}
