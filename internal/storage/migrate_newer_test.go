package storage_test

import (
	"context"
	"errors"
	"testing"

	"github.com/packline/packline/internal/storage"
	"github.com/packline/packline/internal/storage/storagetest"
)

// A database a newer Packline migrated is refused whole, before any step:
// an older binary never half-migrates or writes to a schema it does not know.
func TestMigrateRefusesANewerSchema(t *testing.T) {
	t.Parallel()
	storagetest.ForEach(t, func(t *testing.T, db *storage.DB) {
		ctx := context.Background()
		latest := db.LatestSchemaVersion()
		if err := db.WithTx(ctx, func(tx *storage.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, latest+1, "9999_from_the_future.sql", 0)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		_, err := db.Migrate(ctx)
		var newer *storage.SchemaNewerError
		if !errors.As(err, &newer) || newer.Database != latest+1 || newer.Binary != latest {
			t.Fatalf("Migrate on a newer schema: %v", err)
		}
	})
}
