package engine

import (
	"fmt"
	"strings"
	"sync"
)

// Placeholders rewrites queries written with '?' placeholders into
// PostgreSQL's $1, $2, … (a '?' inside quotes is left alone), remembering
// each query's rewrite. The zero value is ready.
type Placeholders struct {
	done sync.Map // query text -> rewritten text
}

// Dollars is q with its '?' placeholders numbered.
func (p *Placeholders) Dollars(q string) string {
	if v, ok := p.done.Load(q); ok {
		return v.(string)
	}
	var b strings.Builder
	n := 0
	inQuote := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inQuote = !inQuote
			b.WriteByte(c)
		case c == '?' && !inQuote:
			n++
			fmt.Fprintf(&b, "$%d", n)
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	p.done.Store(q, out)
	return out
}
