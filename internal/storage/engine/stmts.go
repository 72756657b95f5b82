package engine

import (
	"context"
	"database/sql"
	"sync"
)

// Stmts holds statements prepared on one pool, by their text: database/sql
// prepares each on a connection the first time it runs there and then
// reuses it (the kiosk's hot paths, the throttle's). The zero value is
// ready.
type Stmts struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// Get is q prepared on pool, prepared the first time it is asked for.
func (c *Stmts) Get(ctx context.Context, pool *sql.DB, q string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.m[q]; ok {
		return st, nil
	}
	st, err := pool.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if c.m == nil {
		c.m = map[string]*sql.Stmt{}
	}
	c.m[q] = st
	return st, nil
}
