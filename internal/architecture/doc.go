// Package architecture holds no code: its test keeps the area table of
// docs/architecture.md true of the tree (each area's domain package, storage
// files, handlers, contract, web feature and locale namespaces).
package architecture
