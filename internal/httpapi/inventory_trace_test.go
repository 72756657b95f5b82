package httpapi_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

type traceGraph struct {
	Nodes []struct {
		Kind     string       `json:"kind"`
		ID       int64        `json:"id"`
		Code     string       `json:"code"`
		Label    string       `json:"label"`
		Date     string       `json:"date"`
		Quantity *json.Number `json:"quantity"`
		Unit     string       `json:"unit"`
	} `json:"nodes"`
	Edges []struct {
		From     string       `json:"from"`
		To       string       `json:"to"`
		Quantity *json.Number `json:"quantity"`
		Unit     string       `json:"unit"`
	} `json:"edges"`
}

// codes lists the nodes as kind:code, sorted.
func (g traceGraph) codes() []string {
	var out []string
	for _, n := range g.Nodes {
		out = append(out, n.Kind+":"+n.Code)
	}
	slices.Sort(out)
	return out
}

// edges lists the edges as "from>to qty unit" with nodes named by code, sorted.
func (g traceGraph) edges() []string {
	name := map[string]string{}
	for _, n := range g.Nodes {
		name[fmt.Sprintf("%s:%d", n.Kind, n.ID)] = n.Code
	}
	var out []string
	for _, e := range g.Edges {
		q := "-"
		if e.Quantity != nil {
			q = e.Quantity.String()
		}
		out = append(out, fmt.Sprintf("%s>%s %s %s", name[e.From], name[e.To], q, e.Unit))
	}
	slices.Sort(out)
	return out
}

func (e *env) trace(path string) traceGraph {
	e.t.Helper()
	var g traceGraph
	e.call("GET", path, e.token, "", 200, &g)
	return g
}

// Forward and backward traces over two levels of production: the reversed
// entry and the cancelled shipment are left out, quantities are the
// ledger's, and a shipment traces back to its raw batches.
func TestTraceOverTwoLevels(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		f := newTwoLevels(e)
		code := func(id int64) string {
			var b struct{ Code string }
			e.call("GET", fmt.Sprintf("/api/inventory/batches/%d", id), e.token, "", 200, &b)
			return b.Code
		}
		r1, p1, p2, c1 := code(f.r1), code(f.p1), code(f.p2), code(f.c1)
		at9 := "Table 1"

		fwd := e.trace(fmt.Sprintf("/api/inventory/batches/%d/trace?direction=forward", f.r1))
		if n := fwd.Nodes[0]; n.Kind != "batch" || n.ID != f.r1 || n.Label != "Item RICE" || n.Unit != "kg" || n.Quantity.String() != "0" {
			t.Errorf("start node %+v", n)
		}
		wantEdges := []string{
			r1 + ">" + at9 + " 5 kg", // 20 November: 10 pouches
			r1 + ">" + at9 + " 5 kg", // 21 November: 10 pouches (r2 not drawn)
			at9 + ">" + p1 + " 10 pouch",
			at9 + ">" + p2 + " 10 pouch",
			p1 + ">" + at9 + " 10 pouch", // 22 November: 3 cases take 10 of p1 and 2 of p2
			p2 + ">" + at9 + " 2 pouch",
			at9 + ">" + c1 + " 3 case",
			c1 + ">" + "SHP-" + " 2 case",
			"SHP->Harbour Foods 2 case",
			p2 + ">SHP- 3 pouch",
			"SHP->Quay Kitchen 3 pouch",
		}
		got := fwd.edges()
		for i := range got {
			got[i] = shpRe(got[i])
		}
		slices.Sort(got)
		slices.Sort(wantEdges)
		if !slices.Equal(got, wantEdges) {
			t.Errorf("forward edges\n got %q\nwant %q", got, wantEdges)
		}
		for _, n := range fwd.Nodes {
			if n.Code == "Dock Pantry" || (n.Kind == "shipment" && n.ID == f.s2) {
				t.Errorf("forward trace holds %+v (reversed or cancelled)", n)
			}
			if n.Kind == "destination" && n.Code == "Harbour Foods" && n.Label != "Jo 0123" {
				t.Errorf("destination %+v", n)
			}
		}

		back := e.trace(fmt.Sprintf("/api/inventory/batches/%d/trace?direction=backward", f.c1))
		wantNodes := []string{"batch:" + c1, "batch:" + p1, "batch:" + p2, "batch:" + r1, "batch:FILM", "batch:BOX", "entry:" + at9, "entry:" + at9, "entry:" + at9}
		if c := back.codes(); len(c) != len(wantNodes) || back.Nodes[0].ID != f.c1 {
			t.Errorf("backward nodes %q", c)
		}
		for _, n := range back.Nodes {
			if n.Kind == "batch" && n.ID == f.r2 {
				t.Errorf("backward trace holds r2, which nothing drew")
			}
		}

		ship := e.trace(fmt.Sprintf("/api/shipments/%d/trace", f.s1))
		if ship.Nodes[0].Kind != "shipment" || ship.Nodes[0].ID != f.s1 || len(ship.Nodes) != len(wantNodes)+2 {
			t.Errorf("shipment trace %q", ship.codes())
		}
		if c := e.trace(fmt.Sprintf("/api/shipments/%d/trace", f.s2)); len(c.Nodes) != 1 || len(c.Edges) != 0 {
			t.Errorf("cancelled shipment trace %q", c.codes())
		}

		raw := e.call("GET", fmt.Sprintf("/api/inventory/batches/%d/trace?direction=sideways", f.r1), e.token, "", 400, nil)
		if !strings.Contains(string(raw), `"field.choice"`) {
			t.Errorf("direction: %s", raw)
		}
		e.call("GET", "/api/inventory/batches/999999/trace", e.token, "", 404, nil)
		e.call("GET", "/api/shipments/999999/trace", e.token, "", 404, nil)
	})
}

// shpRe names every shipment SHP- (their numbers hold the year).
func shpRe(s string) string {
	for {
		i := strings.Index(s, "SHP-2")
		if i < 0 {
			return s
		}
		j := i + 4
		for j < len(s) && (s[j] == '-' || (s[j] >= '0' && s[j] <= '9')) {
			j++
		}
		s = s[:i+4] + s[j:]
	}
}
