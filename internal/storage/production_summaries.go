package storage

// Production's day summaries (output per day, line and product; the hours
// each line produced in) and its labour cache; see package production's
// summaries.go for what keeps them right.

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/packline/packline/internal/production"
	"github.com/packline/packline/internal/storage/engine"
	"github.com/packline/packline/internal/timeclock"
)

// SummariseDay rewrites the output summaries of a line's date from its
// entries (not reversed). Only that line's rows are touched: entries on
// other lines of the date, which lock other lines, commit beside it.
func (t prodTx) SummariseDay(ctx context.Context, date string, lineID int64) error {
	return summarise(ctx, t.tx, `date = ? AND line_id = ?`, date, lineID)
}

// summarise rewrites the output summaries of the entries that cond (over
// date and line_id) selects.
func summarise(ctx context.Context, tx *Tx, cond string, args ...any) error {
	bit := `(1 << hour)`
	if tx.Dialect() == Postgres {
		bit = `(CAST(1 AS BIGINT) << CAST(hour AS INTEGER))`
	}
	for _, q := range []string{
		`DELETE FROM production_day_output WHERE ` + cond,
		`INSERT INTO production_day_output (date, line_id, product_id, units)
			SELECT date, line_id, product_id, SUM(units) FROM production_entries
			WHERE ` + cond + ` AND reversed_at IS NULL GROUP BY date, line_id, product_id`,
		`DELETE FROM production_day_lines WHERE ` + cond,
		`INSERT INTO production_day_lines (date, line_id, units, hours)
			SELECT date, line_id, SUM(units), SUM(bit) FROM (
				SELECT date, line_id, SUM(units) AS units, ` + bit + ` AS bit FROM production_entries
				WHERE ` + cond + ` AND reversed_at IS NULL GROUP BY date, line_id, hour
			) slots GROUP BY date, line_id`,
	} {
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

// RebuildProductionSummaries recomputes every output summary from the
// entries and empties the labour cache (for data written around the
// service, such as load-test data).
func (db *DB) RebuildProductionSummaries(ctx context.Context) error {
	return db.WithTx(ctx, func(tx *Tx) error {
		for _, q := range []string{`DELETE FROM production_labour`, `DELETE FROM production_labour_days`} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
		}
		return summarise(ctx, tx, `1 = 1`)
	})
}

// labourDays implements production.LabourDays in a transaction: effects.Labour
// is production.PunchLabour over it, so storage marks only the dates it is
// given.
type labourDays struct {
	tx *Tx
	// stmt, when set, is the statement prepared for the kiosk's punch (on
	// SQLite a statement cannot be prepared inside the single writer's
	// transaction).
	stmt *sql.Stmt
}

// DaysChanged marks the labour of the dates in [from, to] as no longer
// valid, in the transaction.
func (l labourDays) DaysChanged(ctx context.Context, from, to string) error {
	if l.stmt != nil {
		_, err := l.tx.tx.StmtContext(ctx, l.stmt).ExecContext(ctx, from, to)
		return err
	}
	_, err := l.tx.Exec(ctx, invalidateLabourSQL, from, to)
	return err
}

// invalidateLabourSQL invalidates the kept days in a range: a day not
// computed (”) is passed by, its row not written, so that punches do not
// all write the same rows (a read claims such a day before it computes it:
// ClaimLabourDays).
const invalidateLabourSQL = `UPDATE production_labour_days SET generation = generation + 1, basis = ''
	WHERE date >= ? AND date <= ? AND basis <> ''`

// labourComputing is the basis of a day a read claimed: not computed yet,
// but no longer passed by a change (its generation moves).
const labourComputing = "~"

// OutputSummary reads a range's output from the day summaries.
func (s *ProductionStore) OutputSummary(ctx context.Context, from, to string) (*production.OutputSummary, error) {
	out := &production.OutputSummary{}
	err := eachRow(ctx, s.db, `SELECT date, product_id, SUM(units) FROM production_day_output
		WHERE date >= ? AND date <= ? GROUP BY date, product_id ORDER BY date, product_id`, []any{from, to}, func(rows *sql.Rows) error {
		var o production.Output
		err := rows.Scan(&o.Date, &o.ProductID, &o.Units)
		out.DayProducts = append(out.DayProducts, o)
		return err
	})
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, s.db, `SELECT date, line_id, units, hours FROM production_day_lines
		WHERE date >= ? AND date <= ? ORDER BY date, line_id`, []any{from, to}, func(rows *sql.Rows) error {
		var d production.DayLine
		var hours int64
		err := rows.Scan(&d.Date, &d.LineID, &d.Units, &hours)
		d.Hours = uint32(hours)
		out.DayLines = append(out.DayLines, d)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// OpenShifts are the starts of the shifts open now.
func (s *ProductionStore) OpenShifts(ctx context.Context) ([]time.Time, error) {
	var out []time.Time
	err := eachRow(ctx, s.db, `SELECT last_event_at FROM employees WHERE clock_status = ? AND last_event_at IS NOT NULL`,
		[]any{timeclock.ClockedIn}, func(rows *sql.Rows) error {
			var at int64
			err := rows.Scan(&at)
			out = append(out, FromMillis(at))
			return err
		})
	return out, err
}

// LabourDays reads the labour cache's days in [from, to] (one snapshot).
func (s *ProductionStore) LabourDays(ctx context.Context, from, to string) (map[string]production.LabourDay, error) {
	out := map[string]production.LabourDay{}
	err := eachRow(ctx, s.db, `SELECT d.date, d.generation, d.basis, l.line_id, l.labour_ns FROM production_labour_days d
		LEFT JOIN production_labour l ON l.date = d.date AND d.basis <> ''
		WHERE d.date >= ? AND d.date <= ?`, []any{from, to}, func(rows *sql.Rows) error {
		var d production.LabourDay
		var line, ns *int64
		if err := rows.Scan(&d.Date, &d.Generation, &d.Basis, &line, &ns); err != nil {
			return err
		}
		k, ok := out[d.Date]
		if !ok {
			k = d
			k.PerLine = map[int64]time.Duration{}
		}
		if line != nil && ns != nil {
			k.PerLine[*line] += time.Duration(*ns)
		}
		out[d.Date] = k
		return nil
	})
	return out, err
}

// ClaimLabourDays implements production.Store: the dates' rows are created
// claimed, and those not computed (”) marked claimed, generation moved on.
// On PostgreSQL the claim first waits (2 s at most: false) for every
// transaction that wrote the table to end, taking a lock its writers'
// ROW EXCLUSIVE conflicts with: a change that passed one of these days by
// (it was not computed) has then committed, and one after it finds the day
// claimed and moves its generation. On SQLite the one writer has already
// committed every earlier change when the claim runs. Bookkeeping: a power
// cut that loses a claim only means computing again.
func (s *ProductionStore) ClaimLabourDays(ctx context.Context, dates []string) (bool, error) {
	err := s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		if tx.Dialect() == Postgres {
			if _, err := tx.Exec(ctx, `SET LOCAL lock_timeout = '2s'`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `LOCK TABLE production_labour_days IN SHARE ROW EXCLUSIVE MODE`); err != nil {
				return err
			}
		}
		for start := 0; start < len(dates); start += 200 {
			chunk := dates[start:min(start+200, len(dates))]
			cond, arg := anyOf(tx, "date", chunk)
			if _, err := tx.Exec(ctx, `UPDATE production_labour_days SET generation = generation + 1, basis = ?
				WHERE basis = '' AND `+cond, labourComputing, arg); err != nil {
				return err
			}
			args := make([]any, 0, 2*len(chunk))
			for _, d := range chunk {
				args = append(args, d, labourComputing)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO production_labour_days (date, basis) VALUES `+
				strings.TrimSuffix(strings.Repeat("(?, ?),", len(chunk)), ",")+` ON CONFLICT (date) DO NOTHING`, args...); err != nil {
				return err
			}
		}
		return nil
	})
	if engine.IsLockTimeout(err) {
		return false, nil
	}
	return err == nil, err
}

// SaveLabour stores each day computed from its generation, unless the day
// was invalidated since (its generation moved on). The cache is
// bookkeeping: a power cut that loses it only means computing it again.
func (s *ProductionStore) SaveLabour(ctx context.Context, days []production.LabourDay) error {
	return s.db.WithBookkeepingTx(ctx, func(tx *Tx) error {
		var rows []string
		var args []any
		flush := func() error {
			if len(rows) == 0 {
				return nil
			}
			_, err := tx.Exec(ctx, `INSERT INTO production_labour (date, line_id, labour_ns) VALUES `+strings.Join(rows, ","), args...)
			rows, args = rows[:0], args[:0]
			return err
		}
		for _, d := range days {
			res, err := tx.Exec(ctx, `UPDATE production_labour_days SET basis = ? WHERE date = ? AND generation = ?`, d.Basis, d.Date, d.Generation)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				if err != nil {
					return err
				}
				continue // changed while it was computed: left to the next read
			}
			if _, err := tx.Exec(ctx, `DELETE FROM production_labour WHERE date = ?`, d.Date); err != nil {
				return err
			}
			for line, dur := range d.PerLine {
				if dur == 0 {
					continue
				}
				rows = append(rows, "(?, ?, ?)")
				args = append(args, d.Date, line, int64(dur))
				if len(rows) == 300 {
					if err := flush(); err != nil {
						return err
					}
				}
			}
		}
		if err := flush(); err != nil {
			return fmt.Errorf("save labour: %w", err)
		}
		return nil
	})
}
