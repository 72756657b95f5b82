package storage

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/organisation"
	"github.com/packline/packline/internal/timeclock"
)

// TimeclockService implements timeclock.Service. Every clock state lives in
// the database, so any number of instances may serve the kiosk at once.
type TimeclockService struct {
	db   *DB
	org  organisation.Service
	keys *timeclock.Keys
	log  *slog.Logger
	// pinThrottle limits wrong PINs for one employee from one client;
	// clientThrottle limits wrong PINs from one client for anyone. Right
	// PINs are never counted.
	pinThrottle    *Throttle
	clientThrottle *Throttle
	// Prepared statements of the hot kiosk paths, so SQLite parses each
	// once per connection instead of once per request.
	readStmts, writeStmts stmtCache
}

// stmtCache holds statements prepared on one pool; database/sql prepares
// each on a connection the first time it runs there and then reuses it.
type stmtCache struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

func (c *stmtCache) get(ctx context.Context, db *DB, pool *sql.DB, q string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.m[q]; ok {
		return st, nil
	}
	st, err := pool.PrepareContext(ctx, db.bind(q))
	if err != nil {
		return nil, err
	}
	if c.m == nil {
		c.m = map[string]*sql.Stmt{}
	}
	c.m[q] = st
	return st, nil
}

// hotRow runs a prepared read-only single-row query.
func (s *TimeclockService) hotRow(ctx context.Context, q string, args []any, dest ...any) error {
	st, err := s.readStmts.get(ctx, s.db, s.db.read, q)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// clockStmts are the write statements of a punch, prepared outside any
// transaction (on SQLite the single writer connection is busy inside one).
type clockStmts struct{ update, insert, bump *sql.Stmt }

func (s *TimeclockService) clockStmts(ctx context.Context) (clockStmts, error) {
	var cs clockStmts
	var err error
	for _, p := range []struct {
		dst **sql.Stmt
		q   string
	}{{&cs.update, clockUpdateSQL}, {&cs.insert, punchInsertSQL}, {&cs.bump, bumpVersionSQL}} {
		if *p.dst, err = s.writeStmts.get(ctx, s.db, s.db.write, p.q); err != nil {
			return cs, err
		}
	}
	return cs, nil
}

// PIN throttle settings: 5 wrong PINs for one employee from one client lock
// that pair for a minute, doubling with each lockout up to an hour; 30
// wrong PINs from one client (for anyone) lock that client for 5 minutes,
// doubling likewise. Counts older than 15 minutes are forgotten.
const (
	PINLimit       = 5
	ClientPINLimit = 30
)

// NewTimeclockService returns the time clock over db. keys come from the
// server secret; org gives the time zone and maximum shift.
func NewTimeclockService(db *DB, org organisation.Service, keys *timeclock.Keys, log *slog.Logger) *TimeclockService {
	return &TimeclockService{
		db: db, org: org, keys: keys, log: log,
		pinThrottle:    &Throttle{DB: db, Limit: PINLimit, Base: time.Minute, Max: time.Hour, Window: 15 * time.Minute},
		clientThrottle: &Throttle{DB: db, Limit: ClientPINLimit, Base: 5 * time.Minute, Max: time.Hour, Window: 15 * time.Minute},
	}
}

const employeeColumns = `id, first_name, last_name, pin_hash IS NOT NULL, active, clock_status, last_event_at, created_at, updated_at, archived_at`

func scanEmployee(r rowScanner) (*timeclock.Employee, error) {
	var e timeclock.Employee
	var last, archived sql.NullInt64
	var created, updated int64
	if err := r.Scan(&e.ID, &e.FirstName, &e.LastName, &e.HasPIN, &e.Active, &e.ClockStatus, &last,
		&created, &updated, &archived); err != nil {
		return nil, err
	}
	e.LastEvent, e.ArchivedAt = NullMillis(last), NullMillis(archived)
	e.CreatedAt, e.UpdatedAt = FromMillis(created), FromMillis(updated)
	return &e, nil
}

var errNoEmployee = apperr.Errorf(apperr.NotFound, "Employee not found.")

const (
	bumpVersionSQL = `UPDATE timeclock_state SET version = version + 1 WHERE id = 1`
	// clockUpdateSQL changes state only from the other state, only with the
	// token's sequence number, only for an active employee.
	clockUpdateSQL = `UPDATE employees SET clock_status = ?, last_event_at = ?, seq = seq + 1, updated_at = ?
		WHERE id = ? AND seq = ? AND clock_status <> ? AND active = ?`
	punchInsertSQL = `INSERT INTO punches (employee_id, kind, at, source, created_at) VALUES (?, ?, ?, ?, ?)`
)

// bumpVersion tells every instance that what the kiosk lists has changed.
func bumpVersion(ctx context.Context, tx *Tx) error {
	_, err := tx.Exec(ctx, bumpVersionSQL)
	return err
}

// KioskVersion returns the version of what the kiosk lists.
func (s *TimeclockService) KioskVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.hotRow(ctx, `SELECT version FROM timeclock_state WHERE id = 1`, nil, &v)
	return v, err
}

// KioskEmployees lists active employees by last name, then first name,
// ignoring case, the same on both engines.
func (s *TimeclockService) KioskEmployees(ctx context.Context) ([]timeclock.Employee, error) {
	rows, err := s.db.Query(ctx, `SELECT id, first_name, last_name, clock_status, last_event_at FROM employees WHERE active = ?`, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []timeclock.Employee{}
	for rows.Next() {
		e := timeclock.Employee{Active: true}
		var last sql.NullInt64
		if err := rows.Scan(&e.ID, &e.FirstName, &e.LastName, &e.ClockStatus, &last); err != nil {
			return nil, err
		}
		e.LastEvent = NullMillis(last)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sortByName(out)
	return out, nil
}

func sortByName(es []timeclock.Employee) {
	sort.Slice(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if la, lb := strings.ToLower(a.LastName), strings.ToLower(b.LastName); la != lb {
			return la < lb
		}
		if fa, fb := strings.ToLower(a.FirstName), strings.ToLower(b.FirstName); fa != fb {
			return fa < fb
		}
		return a.ID < b.ID
	})
}

// CheckPIN checks a PIN typed at the kiosk. Only wrong PINs are counted;
// a locked pair or client is refused before the PIN is looked at, right or
// wrong, so a lock cannot be used to learn whether a guess was right.
func (s *TimeclockService) CheckPIN(ctx context.Context, c timeclock.PINCheck) (*timeclock.PINResult, error) {
	if c.EmployeeID <= 0 {
		return nil, apperr.InvalidField("employee_id", "Field employee_id is required.")
	}
	if c.PIN == "" {
		return nil, apperr.InvalidField("pin", "PIN is required.")
	}
	pairKey := fmt.Sprintf("pin:%d:%s", c.EmployeeID, c.Client)
	clientKey := "pin-client:" + c.Client
	var hash sql.NullString
	var active bool
	var status string
	var last sql.NullInt64
	var seq, lockedUntil int64
	var pairRows int
	err := s.hotRow(ctx, `SELECT e.pin_hash, e.active, e.clock_status, e.last_event_at, e.seq,
		(SELECT COALESCE(MAX(locked_until), 0) FROM throttles WHERE key IN (?, ?)),
		(SELECT COUNT(*) FROM throttles WHERE key = ?)
		FROM employees e WHERE e.id = ?`, []any{pairKey, clientKey, pairKey, c.EmployeeID},
		&hash, &active, &status, &last, &seq, &lockedUntil, &pairRows)
	if IsNoRows(err) || (err == nil && !active) {
		return nil, errNoEmployee
	}
	if err != nil {
		return nil, err
	}
	now := s.db.Now()
	if left := FromMillis(lockedUntil).Sub(now); left > 0 {
		s.log.Warn("PIN attempt refused: locked out", "employee_id", c.EmployeeID, "client", c.Client, "retry_after", left)
		return nil, tooMany(left)
	}
	// Always hash, so malformed and wrong PINs take the same time.
	ok := s.keys.CheckPIN(c.EmployeeID, c.PIN, hash.String) && timeclock.WellFormedPIN(c.PIN)
	if !ok {
		var pairLock, clientLock time.Duration
		if err := s.db.WithTx(ctx, func(tx *Tx) error {
			var err error
			if pairLock, err = s.pinThrottle.Fail(ctx, tx, pairKey); err != nil {
				return err
			}
			clientLock, err = s.clientThrottle.Fail(ctx, tx, clientKey)
			return err
		}); err != nil {
			return nil, err
		}
		s.log.Warn("wrong PIN", "employee_id", c.EmployeeID, "client", c.Client,
			"employee_locked_for", pairLock, "client_locked_for", clientLock)
		return &timeclock.PINResult{Valid: false, Message: timeclock.MsgWrongPIN, Code: "wrong_pin"}, nil
	}
	if pairRows > 0 {
		if err := s.db.WithTx(ctx, func(tx *Tx) error { return s.pinThrottle.Reset(ctx, tx, pairKey) }); err != nil {
			return nil, err
		}
	}
	return &timeclock.PINResult{
		Valid: true, Message: timeclock.MsgPINOK, Code: "ok", ClockStatus: status, LastEvent: NullMillis(last),
		Token: s.keys.IssueToken(c.EmployeeID, seq, now),
	}, nil
}

var errBadClockToken = apperr.Errorf(apperr.Forbidden, "Your PIN check has expired or was already used. Please enter your PIN again.")

// Clock punches in or out. The state changes with one conditional UPDATE
// that also requires the token's sequence number, so of any number of
// concurrent requests (on any instance) exactly one changes the state; the
// others see the new state (409) or a stale token (403).
func (s *TimeclockService) Clock(ctx context.Context, r timeclock.ClockRequest) (*timeclock.ClockResult, error) {
	if r.EmployeeID <= 0 {
		return nil, apperr.InvalidField("employee_id", "Field employee_id is required.")
	}
	kind := timeclock.KindIn
	if r.To == timeclock.ClockedOut {
		kind = timeclock.KindOut
	} else if r.To != timeclock.ClockedIn {
		return nil, apperr.Errorf(apperr.Invalid, "Unknown clock state.")
	}
	claims, ok := s.keys.VerifyToken(r.Token, s.db.Now())
	if !ok || claims.EmployeeID != r.EmployeeID {
		s.log.Warn("clock refused: no valid clock token", "employee_id", r.EmployeeID, "client", r.Client, "to", r.To)
		return nil, errBadClockToken
	}
	stmts, err := s.clockStmts(ctx)
	if err != nil {
		return nil, err
	}
	var out *timeclock.ClockResult
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		now := Millis(tx.Now)
		res, err := tx.tx.StmtContext(ctx, stmts.update).ExecContext(ctx, r.To, now, now, r.EmployeeID, claims.Seq, r.To, true)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return s.whyNotClocked(ctx, tx, r)
		}
		if _, err := tx.tx.StmtContext(ctx, stmts.insert).ExecContext(ctx, r.EmployeeID, kind, now, timeclock.SourceKiosk, now); err != nil {
			return err
		}
		out = &timeclock.ClockResult{NewStatus: r.To, Timestamp: tx.Now}
		_, err = tx.tx.StmtContext(ctx, stmts.bump).ExecContext(ctx)
		return err
	})
	if err != nil {
		if c := apperr.KindOf(err); c == apperr.Conflict || c == apperr.Forbidden || c == apperr.NotFound {
			s.log.Warn("clock refused", "employee_id", r.EmployeeID, "client", r.Client, "to", r.To, "reason", apperr.Message(err))
		}
		return nil, err
	}
	return out, nil
}

// whyNotClocked explains a conditional clock UPDATE that changed nothing.
func (s *TimeclockService) whyNotClocked(ctx context.Context, tx *Tx, r timeclock.ClockRequest) error {
	var status string
	var active bool
	err := tx.QueryRow(ctx, `SELECT clock_status, active FROM employees WHERE id = ?`, r.EmployeeID).Scan(&status, &active)
	switch {
	case IsNoRows(err) || (err == nil && !active):
		return errNoEmployee
	case err != nil:
		return err
	case status == r.To && r.To == timeclock.ClockedIn:
		return apperr.Errorf(apperr.Conflict, "You are already clocked in.")
	case status == r.To:
		return apperr.Errorf(apperr.Conflict, "You are already clocked out.")
	}
	return errBadClockToken
}

// CreateEmployee adds an active, clocked-out employee with a PIN.
func (s *TimeclockService) CreateEmployee(ctx context.Context, n timeclock.NewEmployee) (*timeclock.Employee, error) {
	n.Normalize()
	if err := n.Validate(); err != nil {
		return nil, err
	}
	var e *timeclock.Employee
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		now := Millis(tx.Now)
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO employees (first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id`,
			n.FirstName, n.LastName, now, now).Scan(&id); err != nil {
			return err
		}
		var err error
		e, err = scanEmployee(tx.QueryRow(ctx, `UPDATE employees SET pin_hash = ? WHERE id = ? RETURNING `+employeeColumns,
			s.keys.HashPIN(id, n.PIN), id))
		if err != nil {
			return err
		}
		return bumpVersion(ctx, tx)
	})
	return e, err
}

// Employee returns one employee, archived or not.
func (s *TimeclockService) Employee(ctx context.Context, id int64) (*timeclock.Employee, error) {
	e, err := scanEmployee(s.db.QueryRow(ctx, `SELECT `+employeeColumns+` FROM employees WHERE id = ?`, id))
	if IsNoRows(err) {
		return nil, errNoEmployee
	}
	return e, err
}

// ListEmployees searches, sorts and pages employees for the office.
func (s *TimeclockService) ListEmployees(ctx context.Context, f timeclock.EmployeeFilter) ([]timeclock.Employee, int, error) {
	if err := f.Normalize(); err != nil {
		return nil, 0, err
	}
	var where []string
	var args []any
	switch f.Status {
	case "active":
		where, args = append(where, "active = ?"), append(args, true)
	case "archived":
		where, args = append(where, "active = ?"), append(args, false)
	}
	for _, term := range strings.Fields(strings.ToLower(f.Search)) {
		p := "%" + escapeLike(term) + "%"
		where = append(where, `(LOWER(first_name) LIKE ? ESCAPE '\' OR LOWER(last_name) LIKE ? ESCAPE '\')`)
		args = append(args, p, p)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM employees`+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	var order string
	switch f.Sort {
	case "first_name":
		order = "LOWER(first_name) " + dir + ", LOWER(last_name) " + dir
	case "clock_status":
		order = "clock_status " + dir + ", LOWER(last_name), LOWER(first_name)"
	case "last_event":
		order = "CASE WHEN last_event_at IS NULL THEN 1 ELSE 0 END, last_event_at " + dir
	case "created_at":
		order = "created_at " + dir
	default:
		order = "LOWER(last_name) " + dir + ", LOWER(first_name) " + dir
	}
	rows, err := s.db.Query(ctx, `SELECT `+employeeColumns+` FROM employees`+cond+` ORDER BY `+order+`, id `+dir+` LIMIT ? OFFSET ?`,
		append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []timeclock.Employee{}
	for rows.Next() {
		e, err := scanEmployee(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, *e)
	}
	return out, total, rows.Err()
}

// lockEmployee reads an employee for update inside tx.
func lockEmployee(ctx context.Context, tx *Tx, id int64) (*timeclock.Employee, error) {
	e, err := scanEmployee(tx.QueryRow(ctx, `SELECT `+employeeColumns+` FROM employees WHERE id = ?`+tx.ForUpdate(), id))
	if IsNoRows(err) {
		return nil, errNoEmployee
	}
	return e, err
}

// UpdateEmployee changes an employee's names.
func (s *TimeclockService) UpdateEmployee(ctx context.Context, id int64, p timeclock.EmployeePatch) (*timeclock.Employee, error) {
	var out *timeclock.Employee
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		e, err := lockEmployee(ctx, tx, id)
		if err != nil {
			return err
		}
		next, err := p.Apply(*e)
		if err != nil {
			return err
		}
		out, err = scanEmployee(tx.QueryRow(ctx, `UPDATE employees SET first_name = ?, last_name = ?, updated_at = ? WHERE id = ? RETURNING `+employeeColumns,
			next.FirstName, next.LastName, Millis(tx.Now), id))
		if err != nil {
			return err
		}
		return bumpVersion(ctx, tx)
	})
	return out, err
}

// SetArchived archives or restores an employee. Archiving one who is
// clocked in is a Conflict: close the shift first. Outstanding clock tokens
// go stale either way.
func (s *TimeclockService) SetArchived(ctx context.Context, id int64, archived bool) (*timeclock.Employee, error) {
	var out *timeclock.Employee
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		e, err := lockEmployee(ctx, tx, id)
		if err != nil {
			return err
		}
		if archived && e.ClockStatus == timeclock.ClockedIn {
			return apperr.Errorf(apperr.Conflict, "%s is clocked in. Close the shift before archiving.", e.Name())
		}
		var at any
		if archived {
			at = Millis(tx.Now)
		}
		out, err = scanEmployee(tx.QueryRow(ctx, `UPDATE employees SET active = ?, archived_at = ?, seq = seq + 1, updated_at = ? WHERE id = ? RETURNING `+employeeColumns,
			!archived, at, Millis(tx.Now), id))
		if err != nil {
			return err
		}
		return bumpVersion(ctx, tx)
	})
	return out, err
}

// SetPIN sets or resets an employee's PIN. It also lifts any lockout of
// that employee's PIN and makes outstanding clock tokens stale.
func (s *TimeclockService) SetPIN(ctx context.Context, id int64, pin string) error {
	if err := timeclock.ValidatePIN(pin); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *Tx) error {
		if err := mustAffect(tx.Exec(ctx, `UPDATE employees SET pin_hash = ?, seq = seq + 1, updated_at = ? WHERE id = ?`,
			s.keys.HashPIN(id, pin), Millis(tx.Now), id)); err != nil {
			if apperr.KindOf(err) == apperr.NotFound {
				return errNoEmployee
			}
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM throttles WHERE key LIKE ?`, fmt.Sprintf("pin:%d:%%", id))
		return err
	})
}

// Now lists who is clocked in, longest first, flagging forgotten clock-outs.
func (s *TimeclockService) Now(ctx context.Context) (*timeclock.Now, error) {
	st, err := s.org.Get(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT e.id, e.first_name, e.last_name, e.last_event_at,
		(SELECT COALESCE(MAX(p.id), 0) FROM punches p WHERE p.employee_id = e.id AND p.kind = 'in' AND p.voided_at IS NULL AND p.at = e.last_event_at)
		FROM employees e WHERE e.clock_status = ? ORDER BY e.last_event_at, e.id`, timeclock.ClockedIn)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	now := s.db.Now()
	maxShift := time.Duration(st.MaxShiftHours) * time.Hour
	out := &timeclock.Now{ClockedIn: []timeclock.OpenShift{}, MaxShiftHours: st.MaxShiftHours, TimeZone: st.Location().String()}
	for rows.Next() {
		var o timeclock.OpenShift
		var since sql.NullInt64
		if err := rows.Scan(&o.EmployeeID, &o.FirstName, &o.LastName, &since, &o.PunchID); err != nil {
			return nil, err
		}
		if since.Valid {
			o.Since = FromMillis(since.Int64)
		}
		open := now.Sub(o.Since)
		o.Hours = math.Round(open.Hours()*100) / 100
		o.Forgotten = open > maxShift
		if o.Forgotten {
			out.ForgottenCount++
		}
		out.ClockedIn = append(out.ClockedIn, o)
	}
	out.Count = len(out.ClockedIn)
	return out, rows.Err()
}

const punchColumns = `id, employee_id, kind, at, source, created_at, voided_at, corrected`

func scanPunch(r rowScanner) (*timeclock.Punch, error) {
	var p timeclock.Punch
	var at, created int64
	var voided sql.NullInt64
	if err := r.Scan(&p.ID, &p.EmployeeID, &p.Kind, &at, &p.Source, &created, &voided, &p.Corrected); err != nil {
		return nil, err
	}
	p.At, p.CreatedAt, p.Voided = FromMillis(at), FromMillis(created), voided.Valid
	p.Audit = []timeclock.AuditEntry{}
	return &p, nil
}

const auditColumns = `a.id, a.punch_id, a.employee_id, a.action, a.reason, a.user_id,
	COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), a.at, a.kind, a.before_at, a.before_voided, a.after_at, a.after_voided`

func scanAudit(r rowScanner) (*timeclock.AuditEntry, error) {
	var a timeclock.AuditEntry
	var first, last, kind string
	var at, afterAt int64
	var beforeAt sql.NullInt64
	var beforeVoided sql.NullBool
	var afterVoided bool
	if err := r.Scan(&a.ID, &a.PunchID, &a.EmployeeID, &a.Action, &a.Reason, &a.UserID, &first, &last, &at,
		&kind, &beforeAt, &beforeVoided, &afterAt, &afterVoided); err != nil {
		return nil, err
	}
	a.UserName = strings.TrimSpace(first + " " + last)
	a.At = FromMillis(at)
	if beforeAt.Valid {
		a.Before = &timeclock.PunchState{Kind: kind, At: FromMillis(beforeAt.Int64), Voided: beforeVoided.Bool}
	}
	a.After = timeclock.PunchState{Kind: kind, At: FromMillis(afterAt), Voided: afterVoided}
	return &a, nil
}

// Punches lists an employee's punches in [from, to), voided ones too, each
// with its audit trail, oldest first.
func (s *TimeclockService) Punches(ctx context.Context, employeeID int64, from, to time.Time) ([]timeclock.Punch, error) {
	if _, err := s.Employee(ctx, employeeID); err != nil {
		return nil, err
	}
	if !from.Before(to) {
		return nil, apperr.InvalidField("to", "The end must be after the start.")
	}
	rows, err := s.db.Query(ctx, `SELECT `+punchColumns+` FROM punches WHERE employee_id = ? AND at >= ? AND at < ? ORDER BY at, id LIMIT 5000`,
		employeeID, Millis(from), Millis(to))
	if err != nil {
		return nil, err
	}
	out := []timeclock.Punch{}
	index := map[int64]int{}
	for rows.Next() {
		p, err := scanPunch(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		index[p.ID] = len(out)
		out = append(out, *p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	arows, err := s.db.Query(ctx, `SELECT `+auditColumns+` FROM punch_audit a LEFT JOIN users u ON u.id = a.user_id
		JOIN punches p ON p.id = a.punch_id
		WHERE a.employee_id = ? AND p.at >= ? AND p.at < ? ORDER BY a.at, a.id`, employeeID, Millis(from), Millis(to))
	if err != nil {
		return nil, err
	}
	defer arows.Close()
	for arows.Next() {
		a, err := scanAudit(arows)
		if err != nil {
			return nil, err
		}
		if i, ok := index[a.PunchID]; ok {
			out[i].Audit = append(out[i].Audit, *a)
		}
	}
	return out, arows.Err()
}

// punchWithAudit reads one punch and its audit trail inside tx.
func punchWithAudit(ctx context.Context, tx *Tx, id int64) (*timeclock.Punch, error) {
	p, err := scanPunch(tx.QueryRow(ctx, `SELECT `+punchColumns+` FROM punches WHERE id = ?`, id))
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT `+auditColumns+` FROM punch_audit a LEFT JOIN users u ON u.id = a.user_id
		WHERE a.punch_id = ? ORDER BY a.at, a.id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		a, err := scanAudit(rows)
		if err != nil {
			return nil, err
		}
		p.Audit = append(p.Audit, *a)
	}
	return p, rows.Err()
}

// settle recomputes an employee's clock state from their latest
// non-voided punch after a correction, and makes outstanding clock tokens
// stale. Archived employees may not be left clocked in.
func settle(ctx context.Context, tx *Tx, e *timeclock.Employee) error {
	var kind string
	var at int64
	status := timeclock.ClockedOut
	var last any
	err := tx.QueryRow(ctx, `SELECT kind, at FROM punches WHERE employee_id = ? AND voided_at IS NULL ORDER BY at DESC, id DESC LIMIT 1`,
		e.ID).Scan(&kind, &at)
	switch {
	case err == nil:
		last = at
		if kind == timeclock.KindIn {
			status = timeclock.ClockedIn
		}
	case !IsNoRows(err):
		return err
	}
	if status == timeclock.ClockedIn && !e.Active {
		return apperr.Errorf(apperr.Conflict, "That would leave %s, who is archived, clocked in.", e.Name())
	}
	if _, err := tx.Exec(ctx, `UPDATE employees SET clock_status = ?, last_event_at = ?, seq = seq + 1, updated_at = ? WHERE id = ?`,
		status, last, Millis(tx.Now), e.ID); err != nil {
		return err
	}
	return bumpVersion(ctx, tx)
}

func insertAudit(ctx context.Context, tx *Tx, by timeclock.Staff, p *timeclock.Punch, action, reason string,
	before *timeclock.PunchState, after timeclock.PunchState) error {
	var beforeAt, beforeVoided any
	if before != nil {
		beforeAt, beforeVoided = Millis(before.At), before.Voided
	}
	_, err := tx.Exec(ctx, `INSERT INTO punch_audit (punch_id, employee_id, action, reason, user_id, at, kind, before_at, before_voided, after_at, after_voided)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.EmployeeID, action, reason, by.UserID, Millis(tx.Now), p.Kind, beforeAt, beforeVoided, Millis(after.At), after.Voided)
	if isForeignKeyViolation(err) {
		return apperr.Errorf(apperr.Forbidden, "Only a signed-in staff member can correct punches.")
	}
	return err
}

// AddPunch adds a missing punch (for example the clock-out of a forgotten
// shift) with a reason, recorded in the audit trail.
func (s *TimeclockService) AddPunch(ctx context.Context, by timeclock.Staff, n timeclock.NewPunch) (*timeclock.Punch, error) {
	if err := n.Validate(s.db.Now()); err != nil {
		return nil, err
	}
	var out *timeclock.Punch
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		e, err := lockEmployee(ctx, tx, n.EmployeeID)
		if err != nil {
			return err
		}
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO punches (employee_id, kind, at, source, created_at, corrected) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
			n.EmployeeID, n.Kind, Millis(n.At), timeclock.SourceStaff, Millis(tx.Now), true).Scan(&id); err != nil {
			return err
		}
		p := &timeclock.Punch{ID: id, EmployeeID: n.EmployeeID, Kind: n.Kind}
		if err := insertAudit(ctx, tx, by, p, timeclock.ActionAdd, n.Reason, nil,
			timeclock.PunchState{Kind: n.Kind, At: n.At}); err != nil {
			return err
		}
		if err := settle(ctx, tx, e); err != nil {
			return err
		}
		out, err = punchWithAudit(ctx, tx, id)
		return err
	})
	return out, err
}

// lockPunch reads a punch and locks its employee, in that order everywhere.
func lockPunch(ctx context.Context, tx *Tx, id int64) (*timeclock.Punch, *timeclock.Employee, error) {
	var empID int64
	err := tx.QueryRow(ctx, `SELECT employee_id FROM punches WHERE id = ?`, id).Scan(&empID)
	if IsNoRows(err) {
		return nil, nil, apperr.Errorf(apperr.NotFound, "Punch not found.")
	}
	if err != nil {
		return nil, nil, err
	}
	e, err := lockEmployee(ctx, tx, empID)
	if err != nil {
		return nil, nil, err
	}
	p, err := scanPunch(tx.QueryRow(ctx, `SELECT `+punchColumns+` FROM punches WHERE id = ?`+tx.ForUpdate(), id))
	return p, e, err
}

// EditPunch changes a punch's time; the old time stays in the audit trail.
func (s *TimeclockService) EditPunch(ctx context.Context, by timeclock.Staff, ed timeclock.PunchEdit) (*timeclock.Punch, error) {
	if err := ed.Validate(s.db.Now()); err != nil {
		return nil, err
	}
	ed.At = ed.At.UTC().Truncate(time.Millisecond)
	var out *timeclock.Punch
	err := s.db.WithTx(ctx, func(tx *Tx) error {
		p, e, err := lockPunch(ctx, tx, ed.PunchID)
		if err != nil {
			return err
		}
		if p.Voided {
			return apperr.Errorf(apperr.Conflict, "A voided punch cannot be changed.")
		}
		if p.At.Equal(ed.At) {
			return apperr.InvalidField("at", "The new time is the same as the current one.")
		}
		if _, err := tx.Exec(ctx, `UPDATE punches SET at = ?, corrected = ? WHERE id = ?`, Millis(ed.At), true, p.ID); err != nil {
			return err
		}
		if err := insertAudit(ctx, tx, by, p, timeclock.ActionEdit, ed.Reason,
			&timeclock.PunchState{Kind: p.Kind, At: p.At}, timeclock.PunchState{Kind: p.Kind, At: ed.At}); err != nil {
			return err
		}
		if err := settle(ctx, tx, e); err != nil {
			return err
		}
		out, err = punchWithAudit(ctx, tx, p.ID)
		return err
	})
	return out, err
}

// VoidPunch voids a punch: it stays, marked void, and counts no more.
func (s *TimeclockService) VoidPunch(ctx context.Context, by timeclock.Staff, punchID int64, reason string) (*timeclock.Punch, error) {
	reason, err := timeclock.ValidateReason(reason)
	if err != nil {
		return nil, err
	}
	var out *timeclock.Punch
	err = s.db.WithTx(ctx, func(tx *Tx) error {
		p, e, err := lockPunch(ctx, tx, punchID)
		if err != nil {
			return err
		}
		if p.Voided {
			return apperr.Errorf(apperr.Conflict, "That punch is already void.")
		}
		if _, err := tx.Exec(ctx, `UPDATE punches SET voided_at = ?, corrected = ? WHERE id = ?`, Millis(tx.Now), true, p.ID); err != nil {
			return err
		}
		if err := insertAudit(ctx, tx, by, p, timeclock.ActionVoid, reason,
			&timeclock.PunchState{Kind: p.Kind, At: p.At}, timeclock.PunchState{Kind: p.Kind, At: p.At, Voided: true}); err != nil {
			return err
		}
		if err := settle(ctx, tx, e); err != nil {
			return err
		}
		out, err = punchWithAudit(ctx, tx, p.ID)
		return err
	})
	return out, err
}

// Audit lists corrections, newest first; employeeID 0 means everyone's.
func (s *TimeclockService) Audit(ctx context.Context, employeeID int64, limit int) ([]timeclock.AuditEntry, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	q := `SELECT ` + auditColumns + ` FROM punch_audit a LEFT JOIN users u ON u.id = a.user_id`
	args := []any{}
	if employeeID > 0 {
		q += ` WHERE a.employee_id = ?`
		args = append(args, employeeID)
	}
	rows, err := s.db.Query(ctx, q+` ORDER BY a.at DESC, a.id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []timeclock.AuditEntry{}
	for rows.Next() {
		a, err := scanAudit(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

// Timesheet computes hours over q's days in the organisation's zone.
func (s *TimeclockService) Timesheet(ctx context.Context, q timeclock.TimesheetQuery) (*timeclock.Timesheet, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	st, err := s.org.Get(ctx)
	if err != nil {
		return nil, err
	}
	loc := st.Location()
	from := q.From.Start(loc).Add(-timeclock.Window)
	to := q.To.AddDays(1).Start(loc).Add(timeclock.Window)

	eq := `SELECT ` + employeeColumns + ` FROM employees`
	pq := `SELECT id, employee_id, kind, at, corrected FROM punches WHERE voided_at IS NULL AND at >= ? AND at < ?`
	eargs, pargs := []any{}, []any{Millis(from), Millis(to)}
	if q.EmployeeID > 0 {
		eq += ` WHERE id = ?`
		pq += ` AND employee_id = ?`
		eargs, pargs = append(eargs, q.EmployeeID), append(pargs, q.EmployeeID)
	}
	erows, err := s.db.Query(ctx, eq, eargs...)
	if err != nil {
		return nil, err
	}
	var inputs []timeclock.SheetInput
	index := map[int64]int{}
	for erows.Next() {
		e, err := scanEmployee(erows)
		if err != nil {
			erows.Close()
			return nil, err
		}
		index[e.ID] = len(inputs)
		inputs = append(inputs, timeclock.SheetInput{Employee: *e})
	}
	erows.Close()
	if err := erows.Err(); err != nil {
		return nil, err
	}
	if q.EmployeeID > 0 && len(inputs) == 0 {
		return nil, errNoEmployee
	}
	prows, err := s.db.Query(ctx, pq, pargs...)
	if err != nil {
		return nil, err
	}
	defer prows.Close()
	for prows.Next() {
		var p timeclock.Punch
		var at int64
		if err := prows.Scan(&p.ID, &p.EmployeeID, &p.Kind, &at, &p.Corrected); err != nil {
			return nil, err
		}
		p.At = FromMillis(at)
		if i, ok := index[p.EmployeeID]; ok {
			inputs[i].Punches = append(inputs[i].Punches, p)
		}
	}
	if err := prows.Err(); err != nil {
		return nil, err
	}
	return timeclock.BuildTimesheet(q, loc, s.db.Now(), st.MaxShiftHours, inputs), nil
}

// SeedPunch records a kiosk punch at a past time, as if it had happened
// then, and sets the employee's state from their latest punch. For demo
// data and benchmarks only: it checks no token.
func (s *TimeclockService) SeedPunch(ctx context.Context, employeeID int64, kind string, at time.Time) error {
	return s.db.WithTx(ctx, func(tx *Tx) error {
		e, err := lockEmployee(ctx, tx, employeeID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO punches (employee_id, kind, at, source, created_at) VALUES (?, ?, ?, ?, ?)`,
			employeeID, kind, Millis(at), timeclock.SourceKiosk, Millis(at)); err != nil {
			return err
		}
		return settle(ctx, tx, e)
	})
}
