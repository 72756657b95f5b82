package app_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/app"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

const day = 24 * time.Hour

// purgeFixture creates Ada, the user whose rows a purge test writes, and
// gives ms: the Unix milliseconds (the columns' unit) of now plus d.
func purgeFixture(t *testing.T, svc *app.Services) (*accounts.User, func(d time.Duration) int64) {
	t.Helper()
	u, err := svc.Accounts.CreateUser(context.Background(), accounts.NewUser{Email: "a@example.org", Password: "correct-horse", FirstName: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	return u, func(d time.Duration) int64 { return now.Add(d).UnixMilli() }
}

// Expired tokens and idle throttle rows are purged, and what is still in use
// is kept, also when two instances purge the same database at once.
func TestPurgeExpiredKeepsWhatIsInUse(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		log := slog.New(slog.DiscardHandler)
		svc := app.New(db, log, app.WithPasswordHashing(accounts.TestHashing))
		u, ms := purgeFixture(t, svc)
		err := db.WithTx(ctx, func(tx *storage.Tx) error {
			for _, tk := range []struct {
				hash             string
				expires, revoked any
			}{
				{"expired-long-ago", ms(-8 * day), nil},          // purged
				{"revoked-long-ago", ms(20 * day), ms(-8 * day)}, // purged
				{"expired-yesterday", ms(-day), nil},             // kept for a week
				{"valid", ms(day), nil},                          // kept
			} {
				if _, err := tx.Exec(ctx, `INSERT INTO auth_tokens (user_id, token_hash, remember, created_at, expires_at, last_seen_at, revoked_at)
					VALUES (?, ?, ?, ?, ?, ?, ?)`, u.ID, tk.hash, false, ms(-30*day), tk.expires, ms(-30*day), tk.revoked); err != nil {
					return err
				}
			}
			for _, th := range []struct {
				key              string
				updated, lockEnd int64
			}{
				{"login:idle", ms(-2 * day), ms(-2 * day)},    // purged
				{"login:locked", ms(-2 * day), ms(time.Hour)}, // kept: still locked
				{"login:recent", ms(-time.Minute), 0},         // kept
			} {
				if _, err := tx.Exec(ctx, `INSERT INTO throttles (key, failures, lockouts, locked_until, updated_at) VALUES (?, 1, 0, ?, ?)`,
					th.key, th.lockEnd, th.updated); err != nil {
					return err
				}
			}
			// Live events: kept a day for reconnecting streams; tickets until they expire.
			for _, ev := range []int64{ms(-25 * time.Hour), ms(-23 * time.Hour)} {
				if _, err := tx.Exec(ctx, `INSERT INTO events (user_id, type, data, created_at) VALUES (NULL, 'chat.topic', '{}', ?)`, ev); err != nil {
					return err
				}
			}
			// Offline punches' answers: kept 30 days under their keys.
			for _, a := range []struct {
				key      string
				received int64
			}{{"offline-key-31-days-old", ms(-31 * day)}, {"offline-key-29-days-old", ms(-29 * day)}} {
				if _, err := tx.Exec(ctx, `INSERT INTO offline_punches (key, status, code, message, received_at) VALUES (?, 'refused', 'punch.offline_too_old', 'Too old.', ?)`,
					a.key, a.received); err != nil {
					return err
				}
			}
			for _, tk := range []struct {
				hash    string
				expires int64
			}{{"spent", ms(-time.Minute)}, {"fresh", ms(time.Minute)}} {
				if _, err := tx.Exec(ctx, `INSERT INTO event_tickets (ticket_hash, token_hash, expires_at) VALUES (?, 'x', ?)`, tk.hash, tk.expires); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		instances := []*app.Services{svc, svc}
		if db.Dialect == storage.Postgres {
			other, err := storage.Open(ctx, db.DSN)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			instances[1] = app.New(other, log, app.WithPasswordHashing(accounts.TestHashing))
		}
		var wg sync.WaitGroup
		var purgedTokens, purgedThrottles, purgedEvents, purgedOffline [2]int64
		for i, s := range instances {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := s.PurgeExpired(ctx)
				purgedTokens[i], purgedThrottles[i], purgedEvents[i], purgedOffline[i] = p.Tokens, p.Throttles, p.Events, p.OfflineAnswers
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if tk, th := purgedTokens[0]+purgedTokens[1], purgedThrottles[0]+purgedThrottles[1]; tk != 2 || th != 1 {
			t.Errorf("purged %d tokens and %d throttle rows, want 2 and 1", tk, th)
		}
		var tokens, throttles int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM auth_tokens`).Scan(&tokens); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM throttles`).Scan(&throttles); err != nil {
			t.Fatal(err)
		}
		if tokens != 2 || throttles != 2 {
			t.Fatalf("left %d tokens and %d throttle rows, want 2 and 2", tokens, throttles)
		}
		if n := purgedEvents[0] + purgedEvents[1]; n != 2 {
			t.Errorf("purged %d events and tickets, want 2 (the day-old event, the expired ticket)", n)
		}
		var events, tickets int
		if err := db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM events), (SELECT COUNT(*) FROM event_tickets)`).Scan(&events, &tickets); err != nil {
			t.Fatal(err)
		}
		if events != 1 || tickets != 1 {
			t.Fatalf("left %d events and %d tickets, want 1 and 1", events, tickets)
		}
		if n := purgedOffline[0] + purgedOffline[1]; n != 1 {
			t.Errorf("purged %d offline answers, want 1 (the 31-day-old one)", n)
		}
		var offline []string
		rows, err := db.Query(ctx, `SELECT key FROM offline_punches`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				t.Fatal(err)
			}
			offline = append(offline, k)
		}
		rows.Close()
		if len(offline) != 1 || offline[0] != "offline-key-29-days-old" {
			t.Fatalf("offline answers left: %v, want the 29-day-old one", offline)
		}
	})
}

// Expired two-factor sign-in challenges are purged (a live one is kept), and
// so are invitation and password-reset links expired over a week ago.
func TestPurgeExpiredChallengesAndMailedLinks(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		svc := app.New(db, slog.New(slog.DiscardHandler), app.WithPasswordHashing(accounts.TestHashing))
		u, ms := purgeFixture(t, svc)
		err := db.WithTx(ctx, func(tx *storage.Tx) error {
			for _, c := range []struct {
				hash    string
				expires int64
				used    any
			}{
				{"expired", ms(-time.Minute), nil},                   // purged
				{"used-expired", ms(-time.Hour), ms(-2 * time.Hour)}, // purged
				{"live", ms(4 * time.Minute), nil},                   // kept
			} {
				if _, err := tx.Exec(ctx, `INSERT INTO login_challenges (user_id, challenge_hash, remember, device, created_at, expires_at, used_at)
					VALUES (?, ?, ?, '', ?, ?, ?)`, u.ID, c.hash, false, ms(-3*time.Hour), c.expires, c.used); err != nil {
					return err
				}
			}
			for _, m := range []struct {
				kind, hash string
				expires    int64
			}{
				{"invitation", "inv-old", ms(-8 * day)},    // purged
				{"recovery", "reset-old", ms(-8 * day)},    // purged
				{"invitation", "inv-recent", ms(-day)},     // kept a week
				{"invitation", "inv-pending", ms(6 * day)}, // kept
			} {
				var role any
				if m.kind == "invitation" {
					role = "staff"
				}
				if _, err := tx.Exec(ctx, `INSERT INTO mail_tokens (kind, token_hash, email, role, created_at, expires_at)
					VALUES (?, ?, 'b@example.org', ?, ?, ?)`, m.kind, m.hash, role, ms(-9*day), m.expires); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		p, err := svc.PurgeExpired(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if tokens := p.Tokens; tokens != 4 {
			t.Errorf("purged %d tokens, links and challenges, want 4", tokens)
		}
		var challenges, links []string
		for _, q := range []struct {
			sql string
			out *[]string
		}{
			{`SELECT challenge_hash FROM login_challenges ORDER BY challenge_hash`, &challenges},
			{`SELECT token_hash FROM mail_tokens ORDER BY token_hash`, &links},
		} {
			rows, err := db.Query(ctx, q.sql)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var s string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				*q.out = append(*q.out, s)
			}
			rows.Close()
		}
		if fmt.Sprint(challenges) != "[live]" || fmt.Sprint(links) != "[inv-pending inv-recent]" {
			t.Errorf("left challenges %v and links %v, want [live] and [inv-pending inv-recent]", challenges, links)
		}
	})
}
