package benchdata

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/packline/packline/internal/storage"
)

// Production writes a year of production into a migrated, empty database:
// lines × hours entries a day for days days ending today (in the
// organisation's default zone), each consuming five components by recipe
// and producing into the day's batch of its line, with an employee per line
// clocked in for the working hours (plus a few floaters). Every summary
// equals the ledger. It returns the entries and moves written.
func Production(ctx context.Context, db *storage.DB, userID int64, lines, hours, days int) (entries, moves int64, err error) {
	loc, _ := time.LoadLocation("America/Chicago")
	rnd := rand.New(rand.NewPCG(7, 3))
	now := time.Now().UTC()
	nowMs := now.UnixMilli()
	today := time.Date(now.In(loc).Year(), now.In(loc).Month(), now.In(loc).Day(), 12, 0, 0, 0, time.UTC)
	first := today.AddDate(0, 0, -days+1)

	// Items: five components (ids 1–5) and one product (6); one big batch per component.
	comps := []struct {
		sku, unit string
		per       int64 // thousandths per unit
	}{{"RICE", "kg", 180}, {"SOY", "kg", 50}, {"VEG", "kg", 30}, {"VIT", "each", 1000}, {"BAG", "each", 1000}}
	perEntryMax := int64(150)
	stock := int64(lines*hours*days) * perEntryMax * 1000 // enough for every entry
	var itemRows, batchRows, moveRows, recipeRows, compRows, lineRows, entryRows, empRows, punchRows []string
	var moveID, batchID int64
	balance := map[int64]int64{}
	for i, c := range comps {
		id := int64(i + 1)
		batchID++
		moveID++
		balance[id] = stock * c.per / 1000
		moveRows = append(moveRows, fmt.Sprintf("(%d,%d,%d,'receive',%d,%d,'',NULL,%d,%d)", moveID, batchID, id, balance[id], balance[id], userID, nowMs))
		batchRows = append(batchRows, fmt.Sprintf("(%d,%d,'%s-B1','%s-B1','%s',NULL,'supplier','supplier',%%d,%d)", batchID, id, c.sku, c.sku, first.Format(time.DateOnly), nowMs))
		compRows = append(compRows, fmt.Sprintf("(1,%d,%d,%d)", i, id, c.per))
	}
	recipeRows = append(recipeRows, fmt.Sprintf("(1,6,1,%d,%d)", userID, nowMs))
	for l := 1; l <= lines; l++ {
		lineRows = append(lineRows, fmt.Sprintf("(%d,'Line %02d','line %02d',%d,%s,%d)", l, l, l, 100+l, falseLit(db), nowMs))
	}
	var productOnHand int64
	startHour := 7
	for d := 0; d < days; d++ {
		date := first.AddDate(0, 0, d).Format(time.DateOnly)
		dayStart := time.Date(first.Year(), first.Month(), first.Day()+d, startHour, 0, 0, 0, loc)
		for l := 1; l <= lines; l++ {
			batchID++
			code := fmt.Sprintf("MEAL-%s-L%d", date[0:4]+date[5:7]+date[8:10], l)
			var bal int64
			for h := 0; h < hours; h++ {
				entries++
				units := int64(60 + rnd.IntN(int(perEntryMax-60)))
				for i, c := range comps {
					id := int64(i + 1)
					q := units * c.per
					balance[id] -= q
					moveID++
					moveRows = append(moveRows, fmt.Sprintf("(%d,%d,%d,'consume',%d,%d,'production',%d,%d,%d)", moveID, id, id, -q, balance[id], entries, userID, nowMs))
				}
				bal += units * 1000
				moveID++
				moveRows = append(moveRows, fmt.Sprintf("(%d,%d,6,'produce',%d,%d,'production',%d,%d,%d)", moveID, batchID, units*1000, bal, entries, userID, nowMs))
				entryRows = append(entryRows, fmt.Sprintf("(%d,'%s',%d,%d,6,%d,'',1,%d,%d,%d)", entries, date, startHour+h, l, units, batchID, userID, nowMs))
			}
			productOnHand += bal
			batchRows = append(batchRows, fmt.Sprintf("(%d,6,'%s','%s','%s',NULL,'Line %02d','production',%d,%d)", batchID, code, code, date, l, bal, nowMs))
			// Two people on each line, working the production hours.
			for p := 0; p < 2; p++ {
				emp := int64((l-1)*2 + p + 1)
				in := dayStart.Add(time.Duration(rnd.IntN(10)) * time.Minute)
				out := dayStart.Add(time.Duration(hours)*time.Hour - time.Duration(rnd.IntN(10))*time.Minute)
				punchRows = append(punchRows, fmt.Sprintf("(%d,'in',%d,'kiosk',%d)", emp, in.UnixMilli(), in.UnixMilli()),
					fmt.Sprintf("(%d,'out',%d,'kiosk',%d)", emp, out.UnixMilli(), out.UnixMilli()))
			}
		}
	}
	for e := 1; e <= lines*2; e++ {
		empRows = append(empRows, fmt.Sprintf("(%d,'Bench','Worker %03d',%s,%d,%d)", e, e, trueLit(db), nowMs, nowMs))
	}
	for i, c := range comps {
		batchRows[i] = fmt.Sprintf(batchRows[i], balance[int64(i+1)])
		itemRows = append(itemRows, fmt.Sprintf("(%d,'%s','%s','%s','%s','%s','%s',%d,%d,%d)", i+1, c.sku, c.sku, c.sku, lower(c.sku),
			kindOf(c.sku), c.unit, balance[int64(i+1)], nowMs, nowMs))
	}
	itemRows = append(itemRows, fmt.Sprintf("(6,'MEAL','MEAL','Meal pouch','meal pouch','finished_good','pouch',%d,%d,%d)", productOnHand, nowMs, nowMs))
	err = db.WithTx(ctx, func(tx *storage.Tx) error {
		for _, ins := range []struct {
			head string
			rows []string
		}{
			{`INSERT INTO inventory_items (id, sku, sku_key, name, name_key, kind, unit, on_hand, created_at, updated_at) VALUES `, itemRows},
			{`INSERT INTO inventory_batches (id, item_id, code, code_key, received_at, expires_at, source, source_type, on_hand, created_at) VALUES `, batchRows},
			{`INSERT INTO production_lines (id, name, name_key, hourly_target, archived, created_at) VALUES `, lineRows},
			{`INSERT INTO production_recipes (id, item_id, version, created_by, created_at) VALUES `, recipeRows},
			{`INSERT INTO production_recipe_components (recipe_id, position, item_id, quantity) VALUES `, compRows},
			{`INSERT INTO production_entries (id, date, hour, line_id, product_id, units, note, recipe_id, produced_batch_id, created_by, created_at) VALUES `, entryRows},
			{`INSERT INTO inventory_moves (id, batch_id, item_id, reason, quantity, balance_after, doc_type, doc_id, user_id, created_at) VALUES `, moveRows},
			{`INSERT INTO employees (id, first_name, last_name, active, created_at, updated_at) VALUES `, empRows},
			{`INSERT INTO punches (employee_id, kind, at, source, created_at) VALUES `, punchRows},
		} {
			if err := insertAll(ctx, tx, ins.head, ins.rows); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `ANALYZE`)
		return err
	})
	if err == nil {
		err = db.RebuildProductionSummaries(ctx)
	}
	if err == nil {
		err = db.RebuildBatchLinks(ctx)
	}
	if err == nil && db.Dialect == storage.Postgres {
		for _, t := range []string{"inventory_items", "inventory_batches", "inventory_moves", "production_lines", "production_recipes", "production_entries", "employees"} {
			if err = db.WithTx(ctx, func(tx *storage.Tx) error {
				_, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', 'id'), (SELECT MAX(id) FROM `+t+`))`)
				return err
			}); err != nil {
				break
			}
		}
	}
	return entries, moveID, err
}

func falseLit(db *storage.DB) string {
	if db.Dialect == storage.Postgres {
		return "FALSE"
	}
	return "0"
}

func trueLit(db *storage.DB) string {
	if db.Dialect == storage.Postgres {
		return "TRUE"
	}
	return "1"
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func kindOf(sku string) string {
	if sku == "BAG" {
		return "packaging"
	}
	return "raw_material"
}
