package storage_test

import (
	"testing"

	"github.com/packline/packline/internal/storage/storagetest"
)

// TestMain drops the PostgreSQL databases the tests made, when they are done.
func TestMain(m *testing.M) { storagetest.Run(m) }
