package faq

import "testing"

// An entry's texts read in Locales order, whatever order storage gives them.
func TestSortTexts(t *testing.T) {
	texts := []Text{{Locale: "ir"}, {Locale: "xx"}, {Locale: "gb"}, {Locale: "es"}}
	sortTexts(texts)
	var got string
	for _, x := range texts {
		got += x.Locale + " "
	}
	if got != "gb es ir xx " {
		t.Fatalf("order %q", got)
	}
}
