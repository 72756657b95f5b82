//go:build race

package storage_test

// raceEnabled: the race detector slows the pure-Go SQLite some twentyfold,
// so timing tests use less data and no time limit.
const raceEnabled = true
