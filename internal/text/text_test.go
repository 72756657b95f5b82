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
		{"\u202eevil", Line, OK}, // a format character beside visible text is stored
		{"\u202e", Line, Invisible},
		{" \u200b\u00ad ", Multiline, Invisible},
		{"\ufeff", Raw, OK}, // a password is kept as typed
		{"   ", Line, OK},   // blank: trimmed to empty, the field's own rule decides
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

func TestName(t *testing.T) {
	for s, ok := range map[string]bool{"Ana": true, "": true, "\u200b": false, "\u202e": false, "\ufeff": false, "\u00ad": false, "a\x00": false} {
		err := Name("first_name", s)
		if (err == nil) != ok {
			t.Errorf("Name(%q) = %v, want ok %v", s, err, ok)
		}
	}
}
