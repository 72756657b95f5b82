package httpapi

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/packline/packline/internal/apperr"
	"github.com/packline/packline/internal/httpapi/openapi"

	"github.com/packline/packline/internal/shipping"
	"github.com/packline/packline/internal/timeclock"
)

// handler is an API endpoint: it reads its input, calls the domain and
// writes its answer; any error it returns is written by serve, the one place
// errors reach a client.
type handler func(w http.ResponseWriter, r *http.Request) error

// access says who may call a route.
type access int

const (
	public   access = iota // anyone (the kiosk, sign-in, health)
	signedIn               // a valid bearer token
	admin                  // a signed-in admin; others get 403 and stay signed in
)

// route is one API endpoint: "METHOD /api/path", who may call it, and its handler.
type route struct {
	pattern string
	access  access
	h       handler
}

// routeTable is every API endpoint, read top to bottom. A new area adds its
// block here, its handlers in <area>*.go and its paths in openapi/<area>*.yaml.
func (s *Server) routeTable() []route {
	return []route{
		{"GET /api/health", public, s.handleHealth},
		{"GET /api/openapi.json", public, s.handleOpenAPI},

		// accounts: sign-in, the signed-in user, presence
		{"POST /api/login", public, s.handleLogin},
		{"POST /api/logout", signedIn, s.handleLogout},
		{"GET /api/user", signedIn, s.handleUser},
		{"PATCH /api/user/name", signedIn, s.handleUserName},
		{"PATCH /api/user/2fa", signedIn, s.handleUser2FA},
		{"GET /api/user/preferences", signedIn, s.handleGetPreferences},
		{"PATCH /api/user/preferences", signedIn, s.handlePatchPreferences},
		{"GET /api/presence", signedIn, s.handlePresence},
		// accounts: two-factor sign-in, sessions, password (accounts_twofactor.go, accounts_sessions.go)
		{"POST /api/login/2fa", public, s.handleLogin2FA},
		{"GET /api/user/2fa", signedIn, s.handleGet2FA},
		{"POST /api/user/2fa/setup", signedIn, s.handleSetup2FA},
		{"GET /api/user/sessions", signedIn, s.handleSessions},
		{"DELETE /api/user/sessions/{id}", signedIn, s.handleRevokeSession},
		{"PATCH /api/user/password", signedIn, s.handleChangePassword},

		// accounts: signup, password recovery, email change, the users screen
		{"GET /api/signup", public, s.handleSignupState},
		{"POST /api/signup", public, s.handleSignup},
		{"POST /api/password/recover", public, s.handleRecover},
		{"POST /api/password/reset", public, s.handleReset},
		{"POST /api/user/email", signedIn, s.handleEmailChange},
		{"POST /api/user/email/confirm", signedIn, s.handleEmailConfirm},
		{"GET /api/users", admin, s.handleListUsers},
		{"PATCH /api/users/{id}", admin, s.handlePatchUser},
		{"POST /api/users/invitations", admin, s.handleInvite},
		{"GET /api/users/mail", admin, s.handleOutgoingMail},
		{"GET /api/users/invitations", admin, s.handleListInvitations},
		{"POST /api/users/invitations/{id}/resend", admin, s.handleResendInvitation},
		{"DELETE /api/users/invitations/{id}", admin, s.handleRevokeInvitation},
		{"POST /api/users/{id}/reset-2fa", admin, s.handleResetUser2FA},

		// backups: the scheduled backups' state (backups.go)
		{"GET /api/backups", admin, s.handleBackups},

		// organisation: settings; messaging: notifications
		{"GET /api/settings/public", public, s.handlePublicSettings},
		{"GET /api/public/invoices/{token}", public, s.handlePublicInvoice},
		{"GET /api/public/impact/{token}", public, s.handlePublicImpact},
		{"GET /api/settings", signedIn, s.handleGetSettings},
		{"PATCH /api/settings", admin, s.handlePatchSettings},
		{"PUT /api/settings/logo", admin, s.handlePutLogo},
		{"DELETE /api/settings/logo", admin, s.handleDeleteLogo},
		{"GET /api/public/logo", public, s.handlePublicLogo},
		{"GET /api/notifications", signedIn, s.handleNotifications},
		{"POST /api/notifications/read", signedIn, s.handleNotificationsRead},
		// search: records across the app by what people type (search.go)
		{"GET /api/search", signedIn, s.handleSearch},

		// messaging: the live event stream and the chat
		{"POST /api/events/ticket", signedIn, s.handleEventsTicket},
		{"GET /api/events", public, s.handleEvents}, // authenticates itself: bearer token or ?ticket=
		{"GET /api/chat/topics", signedIn, s.handleTopics},
		{"POST /api/chat/topics", signedIn, s.handleCreateTopic},
		{"GET /api/chat/topics/{id}/messages", signedIn, s.handleMessages},
		{"POST /api/chat/topics/{id}/messages", signedIn, s.handlePostMessage},
		{"POST /api/chat/topics/{id}/read", signedIn, s.handleTopicRead},
		{"PATCH /api/chat/messages/{id}", signedIn, s.handleEditMessage},
		{"DELETE /api/chat/messages/{id}", signedIn, s.handleDeleteMessage},

		// timeclock: the public kiosk (SPEC §7)
		{"GET /api/employees", public, s.handleKioskEmployees},
		{"POST /api/employees/validate-pin", public, s.handleValidatePIN},
		{"POST /api/employees/clockin", public, s.handleClock(timeclock.ClockedIn)},
		{"POST /api/employees/clockout", public, s.handleClock(timeclock.ClockedOut)},
		// the kiosk's offline punches
		{"GET /api/kiosk/key", public, s.handleKioskKey},
		{"POST /api/kiosk/offline-punches", public, s.handleOfflinePunches},

		// timeclock: employees, punches and timesheets in the office
		{"POST /api/employees", signedIn, s.handleCreateEmployee},
		{"GET /api/staff/employees", signedIn, s.handleListEmployees},
		{"GET /api/staff/employees/{id}", signedIn, s.handleGetEmployee},
		{"PATCH /api/staff/employees/{id}", signedIn, s.handlePatchEmployee},
		{"POST /api/staff/employees/{id}/archive", signedIn, s.handleArchive(true)},
		{"POST /api/staff/employees/{id}/unarchive", signedIn, s.handleArchive(false)},
		{"PUT /api/staff/employees/{id}/pin", signedIn, s.handleSetPIN},
		{"GET /api/staff/employees/{id}/punches", signedIn, s.handlePunches},
		{"POST /api/staff/employees/{id}/punches", signedIn, s.handleAddPunch},
		{"PATCH /api/staff/punches/{id}", signedIn, s.handleEditPunch},
		{"POST /api/staff/punches/{id}/void", signedIn, s.handleVoidPunch},
		{"GET /api/staff/timeclock/now", signedIn, s.handleClockedInNow},
		{"GET /api/staff/timeclock/audit", signedIn, s.handleAudit},
		{"GET /api/staff/timesheets", signedIn, s.handleTimesheet},
		{"GET /api/staff/timesheets.csv", signedIn, s.handleTimesheetCSV},

		// inventory: items, batches, the stock ledger, import and export
		{"GET /api/inventory/items", signedIn, s.handleInvListItems},
		{"POST /api/inventory/items", signedIn, s.handleInvCreateItem},
		{"GET /api/inventory/items.csv", signedIn, s.handleInvExportItems},
		{"GET /api/inventory/items/{id}", signedIn, s.handleInvGetItem},
		{"PATCH /api/inventory/items/{id}", signedIn, s.handleInvPatchItem},
		{"GET /api/inventory/items/{id}/batches", signedIn, s.handleInvItemBatches},
		{"POST /api/inventory/items/{id}/batches", signedIn, s.handleInvReceiveBatch},
		{"GET /api/inventory/batches/{id}", signedIn, s.handleInvGetBatch},
		{"PATCH /api/inventory/batches/{id}", signedIn, s.handleInvPatchBatch},
		{"POST /api/inventory/batches/{id}/count", signedIn, s.handleInvCount},
		{"GET /api/inventory/batches", signedIn, s.handleInvFindBatches},
		{"GET /api/inventory/batches/{id}/receipt", signedIn, s.handleInvReceiptBatches},
		{"GET /api/inventory/moves", signedIn, s.handleInvListMoves},
		{"GET /api/inventory/moves.csv", signedIn, s.handleInvExportMoves},
		{"POST /api/inventory/moves", signedIn, s.handleInvRecordMove},
		{"POST /api/inventory/moves/{id}/reverse", signedIn, s.handleInvReverse},
		{"GET /api/inventory/warnings", signedIn, s.handleInvWarnings},
		{"GET /api/inventory/facets", signedIn, s.handleInvFacets},
		{"GET /api/inventory/import/template.csv", signedIn, s.handleInvImportTemplate},
		{"POST /api/inventory/import/preview", signedIn, s.handleInvImportPreview},
		{"POST /api/inventory/import", signedIn, s.handleInvImportCommit},

		// production: recipes, lines, hourly entries, daily and overview reports
		{"GET /api/inventory/items/{id}/recipe", signedIn, s.handleGetRecipe},
		{"PUT /api/inventory/items/{id}/recipe", signedIn, s.handlePutRecipe},
		{"GET /api/production/lines", signedIn, s.handleListLines},
		{"POST /api/production/lines", signedIn, s.handleCreateLine},
		{"PATCH /api/production/lines/{id}", signedIn, s.handleUpdateLine},
		{"GET /api/inventory/items/{id}/recipe/versions", signedIn, s.handleRecipeVersions},
		{"GET /api/production/crew", signedIn, s.handleCrew},
		{"GET /api/production/products", signedIn, s.handleListProducts},
		{"GET /api/production/suggest", signedIn, s.handleSuggest},
		{"POST /api/production/entries", signedIn, s.handleCreateEntry},
		{"GET /api/production/entries/{id}", signedIn, s.handleGetEntry},
		{"POST /api/production/entries/{id}/reverse", signedIn, s.handleReverseEntry},
		{"GET /api/production/daily", signedIn, s.handleDaily},
		{"GET /api/production/today", signedIn, s.handleToday},
		{"GET /api/production/overview", signedIn, s.handleOverview},
		{"GET /api/production/overview.csv", signedIn, s.handleOverviewCSV},
		{"GET /api/production/assignments", signedIn, s.handleAssignments},
		{"PUT /api/production/assignments", signedIn, s.handlePutAssignment},

		// trace and recalls: where a batch went, what it was made of (inventory_trace.go)
		{"GET /api/inventory/batches/{id}/trace", signedIn, s.handleTraceBatch},
		{"GET /api/shipments/{id}/trace", signedIn, s.handleTraceShipment},
		{"GET /api/recalls", signedIn, s.handleRecallList},
		{"POST /api/recalls", signedIn, s.handleRecallStart},
		{"GET /api/recalls/{id}", signedIn, s.handleRecallGet},
		{"GET /api/recalls/{id}/list.csv", signedIn, s.handleRecallCSV},
		{"POST /api/recalls/{id}/release", signedIn, s.handleRecallRelease},

		// documents: upload, list, content, trash (admins restore)
		{"POST /api/documents", signedIn, s.handleDocUpload},
		{"GET /api/documents", signedIn, s.handleDocList},
		{"GET /api/documents/trash", admin, s.handleDocTrash},
		{"GET /api/documents/{id}", signedIn, s.handleDocGet},
		{"GET /api/documents/{id}/content", signedIn, s.handleDocContent},
		{"DELETE /api/documents/{id}", signedIn, s.handleDocDelete},
		{"POST /api/documents/{id}/restore", admin, s.handleDocRestore},

		// shipping: the shipping log, its stock moves and packing slips
		{"GET /api/shipments", signedIn, s.handleShipList},
		{"POST /api/shipments", signedIn, s.handleShipCreate},
		{"GET /api/shipments.csv", signedIn, s.handleShipExport},
		{"GET /api/shipments/{id}", signedIn, s.handleShipGet},
		{"PATCH /api/shipments/{id}", signedIn, s.handleShipPatch},
		{"POST /api/shipments/{id}/ship", signedIn, s.handleShipStep((*shipping.Service).Ship)},
		{"POST /api/shipments/{id}/deliver", signedIn, s.handleShipStep((*shipping.Service).Deliver)},
		{"POST /api/shipments/{id}/cancel", signedIn, s.handleShipCancel},
		// partners: the directory of places the group ships to, which shipments name
		{"GET /api/partners", signedIn, s.handlePartnerList},
		{"POST /api/partners", signedIn, s.handlePartnerCreate},
		{"GET /api/partners/{id}", signedIn, s.handlePartnerGet},
		{"PATCH /api/partners/{id}", signedIn, s.handlePartnerPatch},

		// faq: questions and answers on using Packline; staff read, admins edit
		{"GET /api/faq", signedIn, s.handleFAQList},
		{"POST /api/faq", admin, s.handleFAQCreate},
		{"PUT /api/faq/order", admin, s.handleFAQOrder},
		{"GET /api/faq/{id}", signedIn, s.handleFAQGet},
		{"PUT /api/faq/{id}", admin, s.handleFAQUpdate},
		{"DELETE /api/faq/{id}", admin, s.handleFAQDelete},
		// clients: sponsors and co-packing clients with a billing address (admin); names for pickers
		{"GET /api/clients", admin, s.handleClientList},
		{"POST /api/clients", admin, s.handleClientCreate},
		{"GET /api/clients/options", signedIn, s.handleClientOptions},
		{"GET /api/clients/{id}", admin, s.handleClientGet},
		{"PATCH /api/clients/{id}", admin, s.handleClientPatch},

		// projects: packing projects for clients, their progress counted from production and shipments
		{"GET /api/projects", signedIn, s.handleProjectList},
		{"POST /api/projects", signedIn, s.handleProjectCreate},
		{"GET /api/projects/options", signedIn, s.handleProjectOptions},
		{"GET /api/projects/{id}", signedIn, s.handleProjectGet},
		{"PATCH /api/projects/{id}", signedIn, s.handleProjectPatch},
		// impact: what a project (or a client's projects) achieved, its share links and monthly mail
		{"GET /api/projects/{id}/impact", signedIn, s.handleProjectImpact},
		{"GET /api/projects/{id}/impact.csv", signedIn, s.handleProjectImpactCSV},
		{"GET /api/clients/{id}/impact", signedIn, s.handleClientImpact},
		{"GET /api/clients/{id}/impact.csv", signedIn, s.handleClientImpactCSV},
		{"GET /api/projects/{id}/impact/links", signedIn, s.handleImpactLinks},
		{"POST /api/projects/{id}/impact/links", signedIn, s.handleImpactLinkCreate},
		{"POST /api/projects/{id}/impact/links/{link}/revoke", signedIn, s.handleImpactLinkRevoke},
		{"GET /api/projects/{id}/impact/mail", signedIn, s.handleImpactMail},
		{"PUT /api/projects/{id}/impact/mail", signedIn, s.handleImpactMailSet},
		// billing (admins): pricing plans, payment methods, invoices, payments
		{"GET /api/pricing-plans", admin, s.handlePlanList},
		{"POST /api/pricing-plans", admin, s.handlePlanCreate},
		{"PATCH /api/pricing-plans/{id}", admin, s.handlePlanPatch},
		{"GET /api/payment-methods", admin, s.handleMethodList},
		{"POST /api/payment-methods", admin, s.handleMethodCreate},
		{"PATCH /api/payment-methods/{id}", admin, s.handleMethodPatch},
		{"GET /api/invoices", admin, s.handleInvoiceList},
		{"POST /api/invoices", admin, s.handleInvoiceCreate},
		{"GET /api/invoices.csv", admin, s.handleInvoiceExport},
		{"GET /api/invoices/summary", admin, s.handleInvoiceSummary},
		{"GET /api/invoices/{id}", admin, s.handleInvoiceGet},
		{"PATCH /api/invoices/{id}", admin, s.handleInvoicePatch},
		{"GET /api/invoices/{id}/print", admin, s.handleInvoicePrint},
		{"POST /api/invoices/{id}/send", admin, s.handleInvoiceSend},
		{"POST /api/invoices/{id}/link", admin, s.handleInvoiceLink},
		{"POST /api/invoices/{id}/void", admin, s.handleInvoiceVoid},
		{"POST /api/invoices/{id}/reissue", admin, s.handleInvoiceReissue},
		{"POST /api/invoices/{id}/payments", admin, s.handlePaymentCreate},
	}
}

// RoutePatterns lists every API endpoint as "METHOD /api/path" (for the
// contract and robustness tests).
func (s *Server) RoutePatterns() []string {
	var out []string
	for _, rt := range s.routeTable() {
		out = append(out, rt.pattern)
	}
	return out
}

// register adds every route of the table to mux, each behind its access check
// and the one error writer.
func (s *Server) register(mux *http.ServeMux) {
	bodies, err := openapi.Bodies()
	if err != nil {
		panic(err) // the document is embedded: a broken one is a broken build, which openapi's test catches
	}
	types, err := openapi.BodyTypes()
	if err != nil {
		panic(err)
	}
	for _, rt := range s.routeTable() {
		h := rt.h
		if !bodies[rt.pattern] {
			h = noBody(h)
		} else {
			h = bodyOfType(types[rt.pattern], h)
		}
		mux.Handle(rt.pattern, s.serve(rt.access, h))
	}
}

// bodyOfType holds an operation that takes a body to the media types its
// contract names (application/json nearly everywhere, multipart/form-data
// for uploads): a body of another type, or of none, is refused with 415
// request.unsupported_media_type before the handler reads it. JSON sent as
// text/plain or a form is how a page of another site could post to the
// public endpoints (sign-in, a PIN check, password recovery) without a CORS
// preflight; parameters (charset) are allowed. A request without a body needs
// no type.
func bodyOfType(types []string, h handler) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
			return h(w, r)
		}
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || !slices.Contains(types, mt) {
			return errMediaType(r.Header.Get("Content-Type"), types)
		}
		return h(w, r)
	}
}

// errMediaType refuses a body of type got: the operation takes allowed.
func errMediaType(got string, allowed []string) error {
	list := strings.Join(allowed, ", ")
	return apperr.New(apperr.MediaType, "request.unsupported_media_type", apperr.Params{"type": got, "allowed": list},
		"The request body must be "+list+".")
}

// noBody holds an operation whose contract takes no request body to that: a
// body with members is refused as decode refuses a member it does not know
// (400 field.unknown naming the first), so {"role":"admin"} sent to such a
// route is not silently ignored. An empty body, or {}, is no body.
func noBody(h handler) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if r.Body == nil || r.Body == http.NoBody {
			return h(w, r)
		}
		b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			return apperr.New(apperr.Invalid, "request.bad_json", nil, "The request body could not be read.")
		}
		if len(bytes.TrimSpace(b)) > 0 {
			r.Body = io.NopCloser(bytes.NewReader(b))
			if err := decodeJSON(w, r, &struct{}{}); err != nil {
				return err
			}
		}
		r.Body = http.NoBody
		return h(w, r)
	}
}

// serve turns a handler into an http.Handler: it admits the request per
// access, runs the handler and writes the error it returns, if any.
func (s *Server) serve(a access, h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Nothing under /api may be kept by a browser or proxy: answers carry
		// tokens and personal data. A handler may say otherwise.
		w.Header().Set("Cache-Control", "no-store")
		// Answers are compressed unless they carry a secret (compress.go).
		var cw *compressWriter
		if !secretAnswers[r.Pattern] {
			cw = newCompressWriter(w, r)
			w = cw
		}
		var err error
		if a != public {
			r, err = s.authenticate(r, a == admin)
		}
		if err == nil {
			err = checkPath(r)
		}
		if err == nil {
			err = checkQuery(r)
		}
		if err == nil {
			err = h(w, r)
		}
		if err != nil {
			s.fail(w, r, err)
		}
		if cw != nil {
			cw.finish()
		}
	})
}

// fail writes err as the response. A response already under way (a
// streamed CSV) is logged and aborted.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	if rec, started := begun(w); started {
		s.Log.ErrorContext(r.Context(), "response failed after it began", "method", r.Method, "path", loggedPath(r), "err", err)
		// What the client got must not pass for the whole answer (a CSV cut
		// short by the database): the response ends without its terminator
		// (HTTP/1.1: the connection closes before the last chunk; HTTP/2: the
		// stream is reset), which every client reports as a failed download.
		// A compressed answer ends without its gzip trailer as well.
		if rec != nil {
			rec.aborted = true
		}
		panic(http.ErrAbortHandler)
	}
	if r.Context().Err() != nil {
		// The client went away (a cancelled fetch, a closed tab): whatever
		// failed failed because of that, and nobody reads the answer. 499
		// is nginx's "client closed request", kept apart from server errors.
		s.Log.Debug("client went away", "method", r.Method, "path", loggedPath(r), "err", err)
		w.WriteHeader(statusClientClosed)
		return
	}
	if _, coded := apperr.As(err); !coded && s.DatabaseDown != nil && s.DatabaseDown(err) {
		s.Log.WarnContext(r.Context(), "database unavailable", "method", r.Method, "path", loggedPath(r), "err", err)
		err = errDatabaseDown
	}
	writeError(w, r, s.Log, err)
}

// begun says whether the handler has begun its answer through w or any
// writer w wraps (the compressor may hold the head back, the request
// logger's recorder has it), and returns that recorder, if any.
func begun(w http.ResponseWriter) (rec *statusRecorder, started bool) {
	for w != nil {
		switch v := w.(type) {
		case *compressWriter:
			started = started || v.status != 0
		case *statusRecorder:
			return v, started || v.status != 0
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	return nil, started
}

// errDatabaseDown answers a request the database could not be reached for:
// 503, to be tried again, with a few seconds' Retry-After.
var errDatabaseDown = func() error {
	e := apperr.New(apperr.Unavailable, "db.unavailable", nil, "The server cannot reach its database. Try again in a moment.")
	e.RetryAfter = 5 * time.Second
	return e
}()

// statusClientClosed is logged for a request its client abandoned.
const statusClientClosed = 499
