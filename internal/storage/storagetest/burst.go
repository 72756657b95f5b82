package storagetest

import "sync"

// Burst runs fn(0) … fn(n-1) in n goroutines released at the same moment,
// and returns when all have finished: the concurrent writers a test races
// against one database.
func Burst(n int, fn func(i int)) {
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			fn(i)
		}()
	}
	start.Done()
	done.Wait()
}
