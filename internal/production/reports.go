package production

import (
	"context"
	"sort"
	"strconv"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/timeclock"
)

// Daily is one day's production: every entry (reversed ones shown, not
// counted), totals per product and line, materials consumed per batch and
// labour from the time clock.
type Daily struct {
	Date               string         `json:"date"`
	TimeZone           string         `json:"time_zone"`
	DayStartHour       int            `json:"day_start_hour"` // the organisation's working day (settings)
	DayEndHour         int            `json:"day_end_hour"`
	Lines              []Line         `json:"lines"`
	Entries            []Entry        `json:"entries"`
	Cells              []Cell         `json:"cells"`
	Totals             []ProductTotal `json:"totals"`
	LineTotals         []LineTotal    `json:"line_totals"`
	Consumed           []Consumed     `json:"consumed"`
	Units              int64          `json:"units"`
	LabourHours        float64        `json:"labour_hours"`
	UnitsPerLabourHour *float64       `json:"units_per_labour_hour"`
}

// Cell is one hour on one line: units made and labour hours.
type Cell struct {
	Hour        int     `json:"hour"`
	LineID      int64   `json:"line_id"`
	Units       int64   `json:"units"`
	LabourHours float64 `json:"labour_hours"`
}

// ProductTotal is a product's units over a period.
type ProductTotal struct {
	ProductID int64  `json:"product_id"`
	SKU       string `json:"sku"`
	Name      string `json:"name"`
	Units     int64  `json:"units"`
}

// LineTotal is a line's units and labour over a period, against its target
// (hourly target × hours it produced in).
type LineTotal struct {
	LineID             int64    `json:"line_id"`
	Name               string   `json:"name"`
	Units              int64    `json:"units"`
	Hours              int      `json:"hours"` // slots it produced in
	Target             *int64   `json:"target"`
	LabourHours        float64  `json:"labour_hours"`
	UnitsPerLabourHour *float64 `json:"units_per_labour_hour"`
}

// Consumed is what a period's entries took from one batch, net of reversals.
type Consumed struct {
	BatchID   int64    `json:"batch_id"`
	BatchCode string   `json:"batch_code"`
	ItemID    int64    `json:"item_id"`
	SKU       string   `json:"sku"`
	Name      string   `json:"name"`
	Unit      string   `json:"unit"`
	Quantity  Quantity `json:"quantity"`
}

// ConsumedBy sums what entries took from each batch, net of their
// reversals, in the order the batches first appear; a batch that comes to
// nothing is left out, and an entry's own product (its output) is not
// consumption. The daily report and a project's impact both count this way.
func ConsumedBy(entries []Entry) []Consumed {
	byBatch := map[int64]*Consumed{}
	var order []int64
	for _, e := range entries {
		for _, m := range e.Moves {
			if m.ItemID == e.ProductID {
				continue
			}
			c := byBatch[m.BatchID]
			if c == nil {
				c = &Consumed{BatchID: m.BatchID, BatchCode: m.BatchCode, ItemID: m.ItemID, SKU: m.ItemSKU, Name: m.ItemName, Unit: m.ItemUnit}
				byBatch[m.BatchID] = c
				order = append(order, m.BatchID)
			}
			c.Quantity -= m.Quantity // consumption is negative, its reversal positive
		}
	}
	out := make([]Consumed, 0, len(order))
	for _, id := range order {
		if c := byBatch[id]; c.Quantity != 0 {
			out = append(out, *c)
		}
	}
	return out
}

// Overview is production over a range of days.
type Overview struct {
	From     string         `json:"from"`
	To       string         `json:"to"`
	Days     []OverviewDay  `json:"days"`
	Products []ProductTotal `json:"products"`
	Lines    []LineTotal    `json:"lines"`
	Totals   OverviewTotals `json:"totals"`
}

// OverviewDay is one day of an overview; Products holds units per product.
type OverviewDay struct {
	Date               string           `json:"date"`
	Units              int64            `json:"units"`
	LabourHours        float64          `json:"labour_hours"`
	UnitsPerLabourHour *float64         `json:"units_per_labour_hour"`
	Products           map[string]int64 `json:"products"` // product id → units
}

// OverviewTotals sum an overview.
type OverviewTotals struct {
	Units              int64    `json:"units"`
	LabourHours        float64  `json:"labour_hours"`
	UnitsPerLabourHour *float64 `json:"units_per_labour_hour"`
}

// dayLabour computes one day's labour per slot and line, given the lines
// that produced in each of its slots.
func (s *Service) dayLabour(ctx context.Context, date string, producing map[Slot][]int64) (Labour, *time.Location, error) {
	ls, err := s.labourSettings(ctx)
	if err != nil {
		return Labour{}, nil, err
	}
	var lab Labour
	err = s.labourOfDays(ctx, []string{date}, producing, ls, func(_ string, l Labour) { lab = l })
	return lab, ls.loc, err
}

// producingSlots lists, per slot, the lines with output in it.
func producingSlots(out []Output) map[Slot][]int64 {
	m := map[Slot][]int64{}
	for _, o := range out {
		s := Slot{o.Date, o.Hour}
		ls := m[s]
		if len(ls) == 0 || ls[len(ls)-1] != o.LineID {
			dup := false
			for _, l := range ls {
				if l == o.LineID {
					dup = true
					break
				}
			}
			if !dup {
				m[s] = append(ls, o.LineID)
			}
		}
	}
	return m
}

// Daily builds the day's report.
func (s *Service) Daily(ctx context.Context, date string) (*Daily, error) {
	if _, err := ParseDay("date", date); err != nil {
		return nil, err
	}
	lines, err := s.Store.Lines(ctx)
	if err != nil {
		return nil, err
	}
	entries, err := s.Store.Entries(ctx, date, date)
	if err != nil {
		return nil, err
	}
	var out []Output
	for _, e := range entries {
		if !e.Reversed {
			out = append(out, Output{Date: e.Date, Hour: e.Hour, LineID: e.LineID, ProductID: e.ProductID, Units: e.Units})
		}
	}
	lab, loc, err := s.dayLabour(ctx, date, producingSlots(out))
	if err != nil {
		return nil, err
	}
	st, err := s.Calendar.Settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	d := BuildDaily(date, lines, entries, lab)
	d.TimeZone = loc.String()
	d.DayStartHour, d.DayEndHour = st.DayStartHour, st.DayEndHour
	return d, nil
}

// BuildDaily assembles a day's report from its entries and labour.
func BuildDaily(date string, lines []Line, entries []Entry, lab Labour) *Daily {
	d := &Daily{Date: date, Lines: lines, Entries: entries, Cells: []Cell{}, Totals: []ProductTotal{},
		LineTotals: []LineTotal{}, Consumed: []Consumed{}}
	if d.Lines == nil {
		d.Lines = []Line{}
	}
	if d.Entries == nil {
		d.Entries = []Entry{}
	}
	type cellKey struct {
		hour int
		line int64
	}
	cells := map[cellKey]*Cell{}
	cell := func(h int, l int64) *Cell {
		k := cellKey{h, l}
		if cells[k] == nil {
			cells[k] = &Cell{Hour: h, LineID: l}
		}
		return cells[k]
	}
	products := map[int64]*ProductTotal{}
	var pOrder []int64
	lineUnits := map[int64]int64{}
	for _, e := range entries {
		if e.Reversed {
			continue
		}
		cell(e.Hour, e.LineID).Units += e.Units
		p := products[e.ProductID]
		if p == nil {
			p = &ProductTotal{ProductID: e.ProductID, SKU: e.ProductSKU, Name: e.ProductName}
			products[e.ProductID] = p
			pOrder = append(pOrder, e.ProductID)
		}
		p.Units += e.Units
		lineUnits[e.LineID] += e.Units
		d.Units += e.Units
	}
	var total time.Duration
	lineLabour := map[int64]time.Duration{}
	for sl, dur := range lab.PerLine {
		if sl.Date != date {
			continue
		}
		cell(sl.Hour, sl.LineID).LabourHours += dur.Hours()
		lineLabour[sl.LineID] += dur
		total += dur
	}
	for _, c := range cells {
		c.LabourHours = Hours(time.Duration(c.LabourHours * float64(time.Hour)))
		d.Cells = append(d.Cells, *c)
	}
	sort.Slice(d.Cells, func(i, j int) bool {
		if d.Cells[i].Hour != d.Cells[j].Hour {
			return d.Cells[i].Hour < d.Cells[j].Hour
		}
		return d.Cells[i].LineID < d.Cells[j].LineID
	})
	for _, id := range pOrder {
		d.Totals = append(d.Totals, *products[id])
	}
	sort.SliceStable(d.Totals, func(i, j int) bool { return d.Totals[i].Name < d.Totals[j].Name })
	d.Consumed = append(d.Consumed, ConsumedBy(entries)...)
	for _, l := range lines {
		hours := 0
		for _, c := range d.Cells {
			if c.LineID == l.ID && c.Units > 0 {
				hours++
			}
		}
		lt := LineTotal{LineID: l.ID, Name: l.Name, Units: lineUnits[l.ID], Hours: hours,
			LabourHours: Hours(lineLabour[l.ID]), UnitsPerLabourHour: UnitsPerLabourHour(lineUnits[l.ID], lineLabour[l.ID])}
		if l.HourlyTarget != nil {
			t := *l.HourlyTarget * int64(hours)
			lt.Target = &t
		}
		d.LineTotals = append(d.LineTotals, lt)
	}
	d.LabourHours = Hours(total)
	d.UnitsPerLabourHour = UnitsPerLabourHour(d.Units, total)
	return d
}

// Overview builds the report over [from, to] from the day summaries.
func (s *Service) Overview(ctx context.Context, from, to string) (*Overview, error) {
	if err := CheckRange(from, to); err != nil {
		return nil, err
	}
	lines, err := s.Store.Lines(ctx)
	if err != nil {
		return nil, err
	}
	sum, err := s.Store.OutputSummary(ctx, from, to)
	if err != nil {
		return nil, err
	}
	lab, err := s.rangeLabour(ctx, from, to, sum.DayLines)
	if err != nil {
		return nil, err
	}
	prods, err := s.Store.Products(ctx)
	if err != nil {
		return nil, err
	}
	return BuildOverview(from, to, lines, prods, sum, lab), nil
}

// BuildOverview assembles the overview: every day of the range (empty ones
// too), units per product per day, lines compared, totals.
func BuildOverview(from, to string, lines []Line, products []inventory.Item, sum *OutputSummary, lab map[DateLine]time.Duration) *Overview {
	o := &Overview{From: from, To: to, Days: []OverviewDay{}, Products: []ProductTotal{}, Lines: []LineTotal{}}
	f, _ := timeclock.ParseDate(from)
	t, _ := timeclock.ParseDate(to)
	index := map[string]int{}
	for d := f; !t.Before(d); d = d.AddDays(1) {
		index[d.String()] = len(o.Days)
		o.Days = append(o.Days, OverviewDay{Date: d.String(), Products: map[string]int64{}})
	}
	dayLabour := make([]time.Duration, len(o.Days))
	lineLabour := map[int64]time.Duration{}
	var total time.Duration
	for dl, dur := range lab {
		i, ok := index[dl.Date]
		if !ok {
			continue
		}
		dayLabour[i] += dur
		lineLabour[dl.LineID] += dur
		total += dur
	}
	pUnits := map[int64]int64{}
	for _, x := range sum.DayProducts {
		i, ok := index[x.Date]
		if !ok {
			continue
		}
		day := &o.Days[i]
		day.Units += x.Units
		day.Products[strconv.FormatInt(x.ProductID, 10)] += x.Units
		pUnits[x.ProductID] += x.Units
		o.Totals.Units += x.Units
	}
	for i := range o.Days {
		o.Days[i].LabourHours = Hours(dayLabour[i])
		o.Days[i].UnitsPerLabourHour = UnitsPerLabourHour(o.Days[i].Units, dayLabour[i])
	}
	for _, p := range products {
		if u, ok := pUnits[p.ID]; ok {
			o.Products = append(o.Products, ProductTotal{ProductID: p.ID, SKU: p.SKU, Name: p.Name, Units: u})
			delete(pUnits, p.ID)
		}
	}
	var gone []int64
	for id := range pUnits {
		gone = append(gone, id)
	}
	sort.Slice(gone, func(i, j int) bool { return gone[i] < gone[j] })
	for _, id := range gone { // products no longer listed (archived)
		o.Products = append(o.Products, ProductTotal{ProductID: id, Name: "#" + strconv.FormatInt(id, 10), Units: pUnits[id]})
	}
	byLine := map[int64]LineOutput{}
	for _, l := range lineTotals(sum.DayLines) {
		byLine[l.LineID] = l
	}
	for _, l := range lines {
		lo := byLine[l.ID]
		lt := LineTotal{LineID: l.ID, Name: l.Name, Units: lo.Units, Hours: lo.Slots, LabourHours: Hours(lineLabour[l.ID]),
			UnitsPerLabourHour: UnitsPerLabourHour(lo.Units, lineLabour[l.ID])}
		if l.HourlyTarget != nil {
			v := *l.HourlyTarget * int64(lo.Slots)
			lt.Target = &v
		}
		o.Lines = append(o.Lines, lt)
	}
	o.Totals.LabourHours = Hours(total)
	o.Totals.UnitsPerLabourHour = UnitsPerLabourHour(o.Totals.Units, total)
	return o
}

// LabourIfProducing is a day's labour per slot and line as if every line in
// lines produced in every hour (for planning and the demo).
func (s *Service) LabourIfProducing(ctx context.Context, date string, lines []int64) (map[SlotLine]time.Duration, error) {
	producing := map[Slot][]int64{}
	for h := 0; h < 24; h++ {
		producing[Slot{date, h}] = lines
	}
	lab, _, err := s.dayLabour(ctx, date, producing)
	return lab.PerLine, err
}

// SortedSlotLines lists the keys of m by date, hour and line.
func SortedSlotLines[V any](m map[SlotLine]V) []SlotLine {
	out := make([]SlotLine, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Date != b.Date {
			return a.Date < b.Date
		}
		if a.Hour != b.Hour {
			return a.Hour < b.Hour
		}
		return a.LineID < b.LineID
	})
	return out
}

// Today is the dashboard's view of production: today's units so far and
// the line that made the most (ties: the better units per labour hour).
type Today struct {
	Date               string     `json:"date"`
	Units              int64      `json:"units"`
	LabourHours        float64    `json:"labour_hours"`
	UnitsPerLabourHour *float64   `json:"units_per_labour_hour"`
	BestLine           *LineTotal `json:"best_line"`
}

// TodaySoFar summarises the organisation's today.
func (s *Service) TodaySoFar(ctx context.Context) (*Today, error) {
	date, err := s.Calendar.Today(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.Daily(ctx, date)
	if err != nil {
		return nil, err
	}
	out := &Today{Date: date, Units: d.Units, LabourHours: d.LabourHours, UnitsPerLabourHour: d.UnitsPerLabourHour}
	for i := range d.LineTotals {
		l := &d.LineTotals[i]
		if l.Units == 0 {
			continue
		}
		if b := out.BestLine; b == nil || l.Units > b.Units ||
			(l.Units == b.Units && l.UnitsPerLabourHour != nil && (b.UnitsPerLabourHour == nil || *l.UnitsPerLabourHour > *b.UnitsPerLabourHour)) {
			out.BestLine = l
		}
	}
	return out, nil
}
