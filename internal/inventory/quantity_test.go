package inventory

import (
	"encoding/json"
	"testing"
)

func TestParseQuantity(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Quantity
		ok   bool
	}{
		{"12", 12000, true}, {"0.5", 500, true}, {"-1.25", -1250, true}, {"1.250", 1250, true},
		{".5", 500, true}, {"+3", 3000, true}, {"007", 7000, true}, {"0", 0, true},
		{"1.2345", 0, false}, {"1e3", 0, false}, {"", 0, false}, {"-", 0, false}, {"1.", 0, false},
		{"abc", 0, false}, {"99999999999", 0, false}, {"1000000001", 0, false}, {"1,5", 0, false},
	} {
		got, err := ParseQuantity(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseQuantity(%q) = %v, %v; want %v ok=%v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestQuantityJSON(t *testing.T) {
	for q, want := range map[Quantity]string{0: "0", 1500: "1.5", -250: "-0.25", 1001: "1.001", 42000: "42"} {
		b, _ := json.Marshal(q)
		if string(b) != want {
			t.Errorf("marshal %d = %s, want %s", q, b, want)
		}
		var back Quantity
		if err := json.Unmarshal(b, &back); err != nil || back != q {
			t.Errorf("round trip %d: %v %v", q, back, err)
		}
	}
	// 0.1 + 0.2 adds up exactly.
	var a, b Quantity
	_ = json.Unmarshal([]byte("0.1"), &a)
	_ = json.Unmarshal([]byte("0.2"), &b)
	if (a + b).String() != "0.3" {
		t.Errorf("0.1 + 0.2 = %s", a+b)
	}
}
