package storage_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// Ten first accounts created at once on an empty organisation: exactly one
// becomes the admin.
func TestFirstAccountsAtOnceMakeOneAdmin(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		svc := storage.NewAccountService(db, nil)
		const n = 10
		var wg sync.WaitGroup
		start := make(chan struct{})
		roles := make([]string, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				nu := accounts.NewUser{Email: fmt.Sprintf("first%d@example.org", i), Password: "correct-horse-battery", FirstName: "First", LastName: fmt.Sprint(i)}
				u, err := svc.CreateUser(context.Background(), nu)
				// Ten hashes at once overflow the hashing gate on a busy
				// machine: like a client told auth.busy, try again.
				for errors.Is(err, accounts.ErrBusy) {
					u, err = svc.CreateUser(context.Background(), nu)
				}
				if err != nil {
					t.Error(err)
					return
				}
				roles[i] = u.Role
			}()
		}
		close(start)
		wg.Wait()
		admins := 0
		for _, r := range roles {
			if r == accounts.RoleAdmin {
				admins++
			}
		}
		if admins != 1 {
			t.Fatalf("%d admins among %v", admins, roles)
		}
	})
}
