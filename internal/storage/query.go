package storage

import "strings"

// likeEscaper escapes LIKE's wildcards; queries say ESCAPE '\'.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// escapeLike makes s match itself literally inside a LIKE pattern.
func escapeLike(s string) string { return likeEscaper.Replace(s) }

// likePrefix is a LIKE pattern matching strings that start with prefix.
func likePrefix(prefix string) string { return escapeLike(prefix) + "%" }
