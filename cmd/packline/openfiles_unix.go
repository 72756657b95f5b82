//go:build linux || darwin

package main

import "syscall"

// raiseOpenFileLimit raises the process's soft open-file limit
// (RLIMIT_NOFILE) to its hard limit and returns the limit in force
// afterwards; 0 when it cannot be read. A failed raise keeps the soft limit
// (returned with the error).
func raiseOpenFileLimit() (uint64, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, err
	}
	if rl.Cur < rl.Max {
		raised := syscall.Rlimit{Cur: rl.Max, Max: rl.Max}
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			return rl.Cur, err
		}
		rl = raised
	}
	return rl.Cur, nil
}
