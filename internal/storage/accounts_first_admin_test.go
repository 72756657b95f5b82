package storage_test

import (
	"context"
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
				u, err := svc.CreateUser(context.Background(), accounts.NewUser{
					Email: fmt.Sprintf("first%d@example.org", i), Password: "correct-horse-battery", FirstName: "First", LastName: fmt.Sprint(i)})
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
