package text

import "testing"

func TestCheck(t *testing.T) {
	cases := []struct {
		s    string
		k    Kind
		want Problem
	}{
		{"Ana", Line, OK},
		{"a\x00b", Line, Control},
		{"a\x00b", Raw, Control},
		{"a\x00b", Multiline, Control},
		{"line\nnext\ttab", Multiline, OK},
		{"line\nnext", Line, Control},
		{"bell\a", Multiline, Control},
		{"\xff", Line, BadEncoding},
		{"pa\tss", Raw, OK},
		{"\u202eevil", Line, OK}, // a format character is stored; Visible judges names
	}
	for _, c := range cases {
		if got := Check(c.s, c.k); got != c.want {
			t.Errorf("Check(%q, %d) = %q, want %q", c.s, c.k, got, c.want)
		}
	}
}

func TestVisible(t *testing.T) {
	for s, want := range map[string]bool{
		"Ana": true, "李": true, "آنا": true, "-": true, "  x ": true,
		"": false, " ": false, "\u200b": false, "\u202e": false, "\ufeff": false, "\u00ad": false, "\u200b\u00ad ": false,
	} {
		if got := Visible(s); got != want {
			t.Errorf("Visible(%q) = %v, want %v", s, got, want)
		}
	}
}
