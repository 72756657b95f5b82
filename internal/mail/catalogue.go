package mail

import (
	"bytes"
	"html/template"
	"strings"
)

// Kind names one of the mails Packline sends.
type Kind string

const (
	Invitation  Kind = "invitation"   // an admin invites someone to sign up
	Recovery    Kind = "recovery"     // a link to choose a new password
	EmailChange Kind = "email_change" // a link confirming a new address
	InvoiceSent Kind = "invoice"      // a sent invoice's link, to the client's billing address
	// ImpactReport is a project's monthly impact report link, to the client's billing address.
	ImpactReport Kind = "impact_report"
)

// Data fills a mail's placeholders: {org}, {name}, {inviter}, {role},
// {email}, an invoice's {invoice} (its number), {amount} and {due}, and an
// impact report's {project} and {month} (YYYY-MM; {due} the link's last day).
// Link is the one link the mail carries.
type Data struct {
	Org, Name, Inviter, Role, Email string
	Invoice, Amount, Due            string
	Project, Month                  string
	Link                            string
}

// text is one mail in one language. Intro and After may hold placeholders;
// Action is the words before the link (the button in HTML).
type text struct {
	Subject, Greeting, Intro, Action, After string
}

// roles names the two roles in each language.
var roles = map[string]map[string]string{
	"gb": {"admin": "administrator", "staff": "staff member"},
	"br": {"admin": "administrador", "staff": "membro da equipe"},
	"es": {"admin": "administrador", "staff": "miembro del equipo"},
	"cn": {"admin": "管理员", "staff": "工作人员"},
	"ir": {"admin": "مدیر", "staff": "عضو کادر"},
}

// catalogue holds every mail text in the five languages of the interface
// (gb is the fallback). It is the one place a mail's wording lives.
var catalogue = map[Kind]map[string]text{
	Invitation: {
		"gb": {"You are invited to {org}", "Hello,",
			"{inviter} invited you to join {org} on Packline as {role}.",
			"Create your account (the link works once, for 7 days):",
			"If you did not expect this invitation, ignore this mail."},
		"br": {"Você foi convidado para {org}", "Olá,",
			"{inviter} convidou você para participar de {org} no Packline como {role}.",
			"Crie sua conta (o link funciona uma vez, por 7 dias):",
			"Se você não esperava este convite, ignore este e-mail."},
		"es": {"Te han invitado a {org}", "Hola:",
			"{inviter} te ha invitado a unirte a {org} en Packline como {role}.",
			"Crea tu cuenta (el enlace funciona una vez, durante 7 días):",
			"Si no esperabas esta invitación, ignora este correo."},
		"cn": {"您受邀加入 {org}", "您好：",
			"{inviter} 邀请您以{role}身份加入 Packline 上的 {org}。",
			"创建您的账户（链接只能使用一次，7 天内有效）：",
			"如果您没有预料到此邀请，请忽略此邮件。"},
		"ir": {"دعوت به {org}", "سلام،",
			"{inviter} شما را دعوت کرده است که به عنوان {role} به {org} در Packline بپیوندید.",
			"حساب خود را بسازید (پیوند یک بار و تا ۷ روز کار می‌کند):",
			"اگر انتظار این دعوت را نداشتید، این نامه را نادیده بگیرید."},
	},
	Recovery: {
		"gb": {"Reset your Packline password", "Hello {name},",
			"Someone, hopefully you, asked to reset the password of your {org} account.",
			"Choose a new password (the link works once, for one hour):",
			"If you did not ask for this, ignore this mail: your password stays as it is."},
		"br": {"Redefina sua senha do Packline", "Olá, {name},",
			"Alguém, provavelmente você, pediu para redefinir a senha da sua conta em {org}.",
			"Escolha uma nova senha (o link funciona uma vez, por uma hora):",
			"Se você não pediu isso, ignore este e-mail: sua senha continua a mesma."},
		"es": {"Restablece tu contraseña de Packline", "Hola, {name}:",
			"Alguien, esperamos que tú, ha pedido restablecer la contraseña de tu cuenta de {org}.",
			"Elige una contraseña nueva (el enlace funciona una vez, durante una hora):",
			"Si no lo pediste, ignora este correo: tu contraseña sigue igual."},
		"cn": {"重置您的 Packline 密码", "{name}，您好：",
			"有人（希望是您本人）请求重置您在 {org} 的账户密码。",
			"设置新密码（链接只能使用一次，一小时内有效）：",
			"如果这不是您的请求，请忽略此邮件，您的密码不会改变。"},
		"ir": {"بازنشانی گذرواژهٔ Packline", "سلام {name}،",
			"کسی، امیدواریم خود شما، درخواست بازنشانی گذرواژهٔ حساب شما در {org} را داده است.",
			"گذرواژهٔ تازه‌ای برگزینید (پیوند یک بار و تا یک ساعت کار می‌کند):",
			"اگر چنین درخواستی نداده‌اید، این نامه را نادیده بگیرید؛ گذرواژهٔ شما تغییری نمی‌کند."},
	},
	EmailChange: {
		"gb": {"Confirm your new email address", "Hello {name},",
			"You asked to use {email} for your {org} account on Packline.",
			"Confirm the new address (the link works once, for 24 hours):",
			"If you did not ask for this, ignore this mail: nothing changes."},
		"br": {"Confirme seu novo endereço de e-mail", "Olá, {name},",
			"Você pediu para usar {email} na sua conta de {org} no Packline.",
			"Confirme o novo endereço (o link funciona uma vez, por 24 horas):",
			"Se você não pediu isso, ignore este e-mail: nada muda."},
		"es": {"Confirma tu nueva dirección de correo", "Hola, {name}:",
			"Has pedido usar {email} en tu cuenta de {org} en Packline.",
			"Confirma la nueva dirección (el enlace funciona una vez, durante 24 horas):",
			"Si no lo pediste, ignora este correo: no cambia nada."},
		"cn": {"确认您的新电子邮件地址", "{name}，您好：",
			"您请求在 Packline 上的 {org} 账户使用 {email}。",
			"确认新地址（链接只能使用一次，24 小时内有效）：",
			"如果这不是您的请求，请忽略此邮件，什么都不会改变。"},
		"ir": {"نشانی ایمیل تازه را تأیید کنید", "سلام {name}،",
			"درخواست کرده‌اید که {email} نشانی حساب شما در {org} در Packline باشد.",
			"نشانی تازه را تأیید کنید (پیوند یک بار و تا ۲۴ ساعت کار می‌کند):",
			"اگر چنین درخواستی نداده‌اید، این نامه را نادیده بگیرید؛ چیزی تغییر نمی‌کند."},
	},
}

func init() {
	catalogue[InvoiceSent] = map[string]text{
		"gb": {"Invoice {invoice} from {org}", "Hello {name},",
			"{org} has sent you invoice {invoice} for {amount}, due on {due}.",
			"View and print the invoice (no account needed):",
			"The link shows this invoice only. If it was not meant for you, ignore this mail."},
		"br": {"Fatura {invoice} de {org}", "Olá, {name},",
			"{org} enviou a você a fatura {invoice} no valor de {amount}, com vencimento em {due}.",
			"Veja e imprima a fatura (não é preciso ter conta):",
			"O link mostra apenas esta fatura. Se ela não era para você, ignore este e-mail."},
		"es": {"Factura {invoice} de {org}", "Hola, {name}:",
			"{org} te ha enviado la factura {invoice} por {amount}, con vencimiento el {due}.",
			"Consulta e imprime la factura (no necesitas cuenta):",
			"El enlace muestra solo esta factura. Si no era para ti, ignora este correo."},
		"cn": {"来自 {org} 的发票 {invoice}", "{name}，您好：",
			"{org} 向您发送了发票 {invoice}，金额 {amount}，到期日 {due}。",
			"查看并打印发票（无需账户）：",
			"该链接只显示这张发票。如果它不是发给您的，请忽略此邮件。"},
		"ir": {"صورتحساب {invoice} از {org}", "سلام {name}،",
			"{org} صورتحساب {invoice} به مبلغ {amount} با سررسید {due} را برای شما فرستاده است.",
			"صورتحساب را ببینید و چاپ کنید (حساب کاربری لازم نیست):",
			"این پیوند فقط همین صورتحساب را نشان می‌دهد. اگر برای شما نبوده، این نامه را نادیده بگیرید."},
	}
}

func init() {
	catalogue[ImpactReport] = map[string]text{
		"gb": {"{project}: what your support achieved ({month})", "Hello {name},",
			"{org} shares the impact report of {project}: units packed, meals, volunteer hours, materials and deliveries so far.",
			"Open the report (no account needed; the link works until {due}):",
			"The link shows this report only. If it was not meant for you, ignore this mail."},
		"br": {"{project}: o que o seu apoio alcançou ({month})", "Olá, {name},",
			"{org} compartilha o relatório de impacto de {project}: unidades embaladas, refeições, horas de voluntariado, materiais e entregas até agora.",
			"Abra o relatório (não é preciso ter conta; o link funciona até {due}):",
			"O link mostra apenas este relatório. Se ele não era para você, ignore este e-mail."},
		"es": {"{project}: lo que logró tu apoyo ({month})", "Hola, {name}:",
			"{org} comparte el informe de impacto de {project}: unidades empacadas, comidas, horas de voluntariado, materiales y entregas hasta ahora.",
			"Abre el informe (no necesitas cuenta; el enlace funciona hasta el {due}):",
			"El enlace muestra solo este informe. Si no era para ti, ignora este correo."},
		"cn": {"{project}：您的支持带来的成果（{month}）", "{name}，您好：",
			"{org} 与您分享 {project} 的影响报告：迄今为止包装的件数、餐数、志愿者工时、所用物料和配送情况。",
			"打开报告（无需账户；链接有效期至 {due}）：",
			"该链接只显示这份报告。如果它不是发给您的，请忽略此邮件。"},
		"ir": {"{project}: دستاورد حمایت شما ({month})", "سلام {name}،",
			"{org} گزارش اثر {project} را با شما به اشتراک می‌گذارد: واحدهای بسته‌بندی‌شده، وعده‌های غذایی، ساعت‌های داوطلبانه، مواد مصرفی و ارسال‌ها تا امروز.",
			"گزارش را باز کنید (حساب کاربری لازم نیست؛ پیوند تا {due} کار می‌کند):",
			"این پیوند فقط همین گزارش را نشان می‌دهد. اگر برای شما نبوده، این نامه را نادیده بگیرید."},
	}
}

var page = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}" dir="{{.Dir}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1a1b1e;line-height:1.5;max-width:560px;margin:24px auto;padding:0 16px">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<p>{{.Action}}</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#154EC1;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">{{.Button}}</a></p>
<p style="font-size:13px;color:#555;word-break:break-all">{{.Link}}</p>
<p style="font-size:13px;color:#555">{{.After}}</p>
</body></html>
`))

// htmlLang is the HTML lang attribute of each interface language.
var htmlLang = map[string]string{"gb": "en-GB", "br": "pt-BR", "es": "es", "cn": "zh-CN", "ir": "fa-IR"}

// Render builds the mail of kind in lang (gb when lang is not one of the
// five) for to, plain text and HTML.
func Render(kind Kind, lang, to string, d Data) Message {
	byLang := catalogue[kind]
	t, ok := byLang[lang]
	if !ok {
		lang, t = "gb", byLang["gb"]
	}
	role := d.Role
	if r, ok := roles[lang][d.Role]; ok {
		role = r
	}
	fill := strings.NewReplacer("{org}", d.Org, "{name}", d.Name, "{inviter}", d.Inviter, "{role}", role, "{email}", d.Email,
		"{invoice}", d.Invoice, "{amount}", d.Amount, "{due}", d.Due, "{project}", d.Project, "{month}", d.Month).Replace
	t = text{Subject: fill(t.Subject), Greeting: fill(t.Greeting), Intro: fill(t.Intro), Action: fill(t.Action), After: fill(t.After)}
	plain := t.Greeting + "\n\n" + t.Intro + "\n\n" + t.Action + "\n" + d.Link + "\n\n" + t.After + "\n"
	dir := "ltr"
	if lang == "ir" {
		dir = "rtl"
	}
	var b bytes.Buffer
	button := strings.TrimRight(t.Action, ":：")
	if i := strings.IndexAny(button, "(（"); i > 0 {
		button = strings.TrimSpace(button[:i])
	}
	_ = page.Execute(&b, map[string]any{"Lang": htmlLang[lang], "Dir": dir, "Subject": t.Subject, "Greeting": t.Greeting,
		"Intro": t.Intro, "Action": t.Action, "Link": template.URL(d.Link), "Button": button, "After": t.After})
	return Message{To: to, Subject: t.Subject, Text: plain, HTML: b.String()}
}
