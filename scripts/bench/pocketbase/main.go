// Command pocketbase is the PocketBase reference of the bench: a
// PocketBase app (its own go.mod, never Packline's) with an "employees"
// collection like the kiosk's list (first_name, last_name, clock_status,
// last_event; anyone may list it) seeded with --employees records, and a
// "messages" collection anyone may create in, whose realtime subscriptions
// are the event-stream comparison.
//
//	go run . --dir /tmp/pb --addr 127.0.0.1:18090 --employees 300
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

func main() {
	dir := flag.String("dir", "", "data folder")
	addr := flag.String("addr", "127.0.0.1:18090", "listen address")
	employees := flag.Int("employees", 300, "employees to seed")
	flag.Parse()
	app := pocketbase.NewWithConfig(pocketbase.Config{DefaultDataDir: *dir})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := seed(se.App, *employees); err != nil {
			return err
		}
		// Gzip as Packline's list is served to browsers (not PocketBase's default).
		se.Router.Bind(apis.Gzip())
		return se.Next()
	})
	os.Args = []string{os.Args[0], "serve", "--http", *addr}
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

func seed(app core.App, n int) error {
	if _, err := app.FindCollectionByNameOrId("employees"); err == nil {
		return nil
	}
	emp := core.NewBaseCollection("employees")
	emp.ListRule, emp.ViewRule = types.Pointer(""), types.Pointer("")
	emp.Fields.Add(&core.TextField{Name: "first_name"}, &core.TextField{Name: "last_name"},
		&core.TextField{Name: "clock_status"}, &core.DateField{Name: "last_event"})
	if err := app.Save(emp); err != nil {
		return err
	}
	for i := 1; i <= n; i++ {
		r := core.NewRecord(emp)
		r.Set("first_name", fmt.Sprintf("Bench%d", i))
		r.Set("last_name", fmt.Sprintf("Employee%03d", i))
		r.Set("clock_status", "clocked_out")
		r.Set("last_event", time.Now().UTC())
		if err := app.Save(r); err != nil {
			return err
		}
	}
	msg := core.NewBaseCollection("messages")
	msg.ListRule, msg.ViewRule, msg.CreateRule = types.Pointer(""), types.Pointer(""), types.Pointer("")
	msg.Fields.Add(&core.TextField{Name: "text"})
	return app.Save(msg)
}
