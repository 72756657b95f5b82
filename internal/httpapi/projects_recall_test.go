package httpapi_test

import (
	"fmt"
	"testing"
)

// A project names the open recalls that hold what it made or shipped, and
// forgets them once they are released.
func TestProjectNamesTheOpenRecallsThatHoldItsMeals(t *testing.T) {
	t.Parallel()
	forEachEnv(t, func(t *testing.T, e *env) {
		meal, line := e.mealSetup()
		_, p := e.winterMeals(meal, 100)
		e.produce(line, meal, 9, 10, fmt.Sprint(p.ID))
		var items struct {
			Items []struct {
				SKU     string
				Batches []struct{ ID int64 }
			}
		}
		e.call("GET", "/api/inventory/items?search=RICE", e.token, "", 200, &items)
		if len(items.Items) != 1 || len(items.Items[0].Batches) != 1 {
			t.Fatalf("rice: %+v", items.Items)
		}
		var detail struct {
			Recalls []struct {
				ID     int64
				Number string
			}
		}
		e.call("GET", fmt.Sprintf("/api/projects/%d", p.ID), e.token, "", 200, &detail)
		if detail.Recalls == nil || len(detail.Recalls) != 0 {
			t.Fatalf("recalls before any: %+v", detail.Recalls)
		}
		var rc recallOut
		e.call("POST", "/api/recalls", e.token, fmt.Sprintf(`{"batch_id":%d,"reason":"Mould in the rice"}`, items.Items[0].Batches[0].ID), 201, &rc)
		e.call("GET", fmt.Sprintf("/api/projects/%d", p.ID), e.token, "", 200, &detail)
		if len(detail.Recalls) != 1 || detail.Recalls[0].ID != rc.ID || detail.Recalls[0].Number != rc.Number {
			t.Fatalf("the project's recalls: %+v, want %s", detail.Recalls, rc.Number)
		}
		e.call("POST", fmt.Sprintf("/api/recalls/%d/release", rc.ID), e.token, `{}`, 200, nil)
		e.call("GET", fmt.Sprintf("/api/projects/%d", p.ID), e.token, "", 200, &detail)
		if len(detail.Recalls) != 0 {
			t.Errorf("released, yet the project shows %+v", detail.Recalls)
		}
	})
}
