// Package benchdata bulk-writes large, consistent data sets for benchmarks
// and load tests, straight in SQL. Nothing in the packline binary imports it.
package benchdata

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/packline/packline/internal/inventory"
	"github.com/packline/packline/internal/storage"
)

var (
	kinds   = inventory.Kinds
	cats    = []string{"Grains", "Proteins", "Vegetables", "Supplements", "Seasoning", "Bags", "Boxes", "Labels", "Meals"}
	locs    = []string{"Dry store A", "Dry store B", "Cage 1", "Shelf 1", "Shelf 3", "Pallet bay 2", "Finished goods bay"}
	units   = []string{"kg", "each", "roll", "pouch", "box"}
	words   = []string{"rice", "soy", "lentil", "bean", "pasta", "oat", "pouch", "box", "label", "vitamin", "salt", "pepper", "mix", "flour", "sugar"}
	sources = []string{"Harvest Foods Co-op", "Prairie Soy Mills", "Green Valley Farms", "NutriAid Foundation", "Midwest Carton"}
)

// Inventory writes nItems items with perItem batches each and perBatch
// moves per batch into a migrated, empty inventory, attributed to userID.
// Every summary equals the ledger. It returns how many batches and moves it
// wrote.
func Inventory(ctx context.Context, db *storage.DB, userID int64, nItems, perItem, perBatch int) (batches, moves int64, err error) {
	rnd := rand.New(rand.NewPCG(42, 5))
	user := "NULL"
	if userID > 0 {
		user = fmt.Sprint(userID)
	}
	now := time.Now().UTC()
	nowMs := now.UnixMilli()
	day := func(d int) string { return now.AddDate(0, 0, d).Format(time.DateOnly) }

	const chunk = 500
	var batchID, moveID int64
	defer func() { batches, moves = batchID, moveID }()
	for first := 0; first < nItems; first += chunk {
		var itemRows, batchRows, moveRows []string
		for i := first; i < min(first+chunk, nItems); i++ {
			id := int64(i + 1)
			sku := fmt.Sprintf("SKU-%05d", id)
			name := fmt.Sprintf("%s %s %d", strings.ToUpper(words[rnd.IntN(len(words))][:1])+words[rnd.IntN(len(words))][1:],
				words[rnd.IntN(len(words))], id)
			kind, cat, loc, unit := kinds[rnd.IntN(3)], cats[rnd.IntN(len(cats))], locs[rnd.IntN(len(locs))], units[rnd.IntN(len(units))]
			var itemOnHand int64
			var codes []string
			for b := 0; b < perItem; b++ {
				batchID++
				recvDays := -rnd.IntN(700)
				exp := "NULL"
				if rnd.IntN(4) > 0 {
					exp = "'" + day(recvDays+30+rnd.IntN(720)) + "'"
				}
				bal := int64(rnd.IntN(100000)+1000) * 1000
				at := nowMs - int64(-recvDays)*86400000
				moveID++
				moveRows = append(moveRows, fmt.Sprintf("(%d,%d,%d,'receive',%d,%d,'Delivery',%s,%d)", moveID, batchID, id, bal, bal, user, at))
				// Stock is used oldest first: most batches older than four
				// months are empty, as in a real store.
				usedUp := recvDays < -120 && rnd.IntN(10) > 0 || rnd.IntN(5) == 0
				for m := 1; m < perBatch; m++ {
					moveID++
					at += int64(rnd.IntN(3600000))
					var q int64
					reason := "consume"
					switch {
					case usedUp && m == perBatch-1:
						q = -bal
					case rnd.IntN(10) == 0:
						reason = "adjust"
						q = int64(rnd.IntN(2001)-1000) * 10
						if bal+q < 0 {
							q = -bal
						}
					default:
						q = -min(bal, bal/int64(perBatch)+int64(rnd.IntN(1000)))
					}
					bal += q
					moveRows = append(moveRows, fmt.Sprintf("(%d,%d,%d,'%s',%d,%d,'bench',%s,%d)", moveID, batchID, id, reason, q, bal, user, at))
				}
				itemOnHand += bal
				codes = append(codes, fmt.Sprintf("%s-B%d", sku, b+1))
				batchRows = append(batchRows, fmt.Sprintf("(%d,%d,'%s-B%d','%s-B%d','%s',%s,'%s','supplier',%d,%d)",
					batchID, id, sku, b+1, sku, b+1, day(recvDays), exp, sources[rnd.IntN(len(sources))], bal, nowMs))
			}
			reorder := int64(rnd.IntN(30000)) * 1000
			itemRows = append(itemRows, fmt.Sprintf("(%d,'%s','%s','%s','%s','%s','%s','%s','%s',%d,'%s','%s',%d,%d,%d)",
				id, sku, sku, name, strings.ToLower(name), kind, unit, cat, loc, reorder,
				strings.ToLower(sku+" \x1f "+name+" \x1f "+cat+" \x1f "+loc), " "+strings.Join(codes, " "), itemOnHand, nowMs, nowMs))
		}
		err := db.WithTx(ctx, func(tx *storage.Tx) error {
			if err := insertAll(ctx, tx, `INSERT INTO inventory_items (id, sku, sku_key, name, name_key, kind, unit, category,
				location, reorder_level, search_text, batch_codes, on_hand, created_at, updated_at) VALUES `, itemRows); err != nil {
				return err
			}
			if err := insertAll(ctx, tx, `INSERT INTO inventory_batches (id, item_id, code, code_key, received_at, expires_at,
				source, source_type, on_hand, created_at) VALUES `, batchRows); err != nil {
				return err
			}
			return insertAll(ctx, tx, `INSERT INTO inventory_moves (id, batch_id, item_id, reason, quantity, balance_after,
				note, user_id, created_at) VALUES `, moveRows)
		})
		if err != nil {
			return 0, 0, err
		}
	}
	if db.Dialect == storage.Postgres {
		for _, t := range []string{"inventory_items", "inventory_batches", "inventory_moves"} {
			if err := db.WithTx(ctx, func(tx *storage.Tx) error {
				_, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', 'id'), (SELECT MAX(id) FROM `+t+`))`)
				return err
			}); err != nil {
				return 0, 0, err
			}
		}
	}
	// Each item's next expiry among its batches with stock (the summary
	// moves keep; this data is written around them).
	if err := db.WithTx(ctx, func(tx *storage.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE inventory_items SET next_expiry = (SELECT MIN(b.expires_at) FROM inventory_batches b
			WHERE b.item_id = inventory_items.id AND b.on_hand > 0)`)
		return err
	}); err != nil {
		return 0, 0, err
	}
	if err := db.WithTx(ctx, func(tx *storage.Tx) error {
		q := `ANALYZE`
		_, err := tx.Exec(ctx, q)
		return err
	}); err != nil {
		return 0, 0, err
	}
	return batchID, moveID, nil
}

func insertAll(ctx context.Context, tx *storage.Tx, head string, rows []string) error {
	const per = 1000
	for i := 0; i < len(rows); i += per {
		if _, err := tx.Exec(ctx, head+strings.Join(rows[i:min(i+per, len(rows))], ",")); err != nil {
			return err
		}
	}
	return nil
}
