package benchdata

import (
	"context"
	"log/slog"

	"github.com/packline/packline/internal/accounts"
	"github.com/packline/packline/internal/storage"
)

// OpenFresh opens dsn, a fresh database (a SQLite file or a postgres://
// URL), migrates it and creates the admin Bench User (email, password)
// whom the written data names: what a generator writes into. The caller
// closes the database.
func OpenFresh(ctx context.Context, dsn, email, password string) (db *storage.DB, adminID int64, err error) {
	db, err = storage.Open(ctx, dsn)
	if err != nil {
		return nil, 0, err
	}
	u, err := func() (*accounts.User, error) {
		if _, err := db.Migrate(ctx); err != nil {
			return nil, err
		}
		return storage.NewAccountService(db, slog.New(slog.DiscardHandler)).CreateUser(ctx, accounts.NewUser{Email: email, Password: password,
			FirstName: "Bench", LastName: "User", Role: accounts.RoleAdmin})
	}()
	if err != nil {
		db.Close()
		return nil, 0, err
	}
	return db, u.ID, nil
}
