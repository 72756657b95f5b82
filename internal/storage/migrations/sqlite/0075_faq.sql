-- FAQ: questions and answers on using Packline, ordered by position, each
-- with a text per locale (gb, br, es, cn, ir; English is required, the others
-- fall back to it). search_text is the lower-cased question and answer.
--
-- Every install starts with the entries below (written once, here, so that
-- an administrator's later edits and deletions stick; the app never seeds
-- them again). Their text is owned by the organisation from then on.
CREATE TABLE faq_entries (
    id          INTEGER PRIMARY KEY,
    position    INTEGER NOT NULL,
    topic       TEXT    NOT NULL DEFAULT 'general',
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL,
    updated_by  INTEGER REFERENCES users(id)
);
CREATE INDEX faq_entries_position ON faq_entries(position, id);

CREATE TABLE faq_texts (
    entry_id    INTEGER NOT NULL REFERENCES faq_entries(id) ON DELETE CASCADE,
    locale      TEXT    NOT NULL CHECK (locale IN ('gb', 'br', 'es', 'cn', 'ir')),
    question    TEXT    NOT NULL,
    answer      TEXT    NOT NULL,
    search_text TEXT    NOT NULL,
    PRIMARY KEY (entry_id, locale)
);


INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (1, 'kiosk', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'How do employees clock in and out?',
    'Open the clock-in kiosk on the tablet. The employee taps their name (the letters at the top narrow the list), types their PIN and taps Clock in or Clock out. The kiosk needs no sign-in; the dashboard shows its address and a QR code.',
    'how do employees clock in and out? open the clock-in kiosk on the tablet. the employee taps their name (the letters at the top narrow the list), types their pin and taps clock in or clock out. the kiosk needs no sign-in; the dashboard shows its address and a qr code.'
    FROM faq_entries WHERE position = 1;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Como os funcionários registram entrada e saída?',
    'Abra o quiosque de ponto no tablet. O funcionário toca no próprio nome (as letras no topo filtram a lista), digita o PIN e toca em Registrar entrada ou Registrar saída. O quiosque não precisa de login; o painel mostra o endereço dele e um código QR.',
    'como os funcionários registram entrada e saída? abra o quiosque de ponto no tablet. o funcionário toca no próprio nome (as letras no topo filtram a lista), digita o pin e toca em registrar entrada ou registrar saída. o quiosque não precisa de login; o painel mostra o endereço dele e um código qr.'
    FROM faq_entries WHERE position = 1;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Cómo fichan la entrada y la salida los empleados?',
    'Abra el quiosco de fichaje en la tableta. El empleado toca su nombre (las letras de arriba acortan la lista), escribe su PIN y toca Fichar entrada o Fichar salida. El quiosco no necesita iniciar sesión; el panel muestra su dirección y un código QR.',
    '¿cómo fichan la entrada y la salida los empleados? abra el quiosco de fichaje en la tableta. el empleado toca su nombre (las letras de arriba acortan la lista), escribe su pin y toca fichar entrada o fichar salida. el quiosco no necesita iniciar sesión; el panel muestra su dirección y un código qr.'
    FROM faq_entries WHERE position = 1;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '员工如何上班打卡和下班打卡？',
    '在平板上打开打卡终端。员工点击自己的名字（顶部的字母可缩小列表），输入 PIN，然后点击上班打卡或下班打卡。打卡终端无需登录；仪表板上显示它的地址和二维码。',
    '员工如何上班打卡和下班打卡？ 在平板上打开打卡终端。员工点击自己的名字（顶部的字母可缩小列表），输入 pin，然后点击上班打卡或下班打卡。打卡终端无需登录；仪表板上显示它的地址和二维码。'
    FROM faq_entries WHERE position = 1;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'کارکنان چگونه ورود و خروج خود را ثبت می‌کنند؟',
    'کیوسک حضور و غیاب را روی تبلت باز کنید. کارمند روی نام خود می‌زند (حروف بالای صفحه فهرست را کوتاه می‌کنند)، PIN خود را وارد می‌کند و «ثبت ورود» یا «ثبت خروج» را می‌زند. کیوسک به ورود به حساب نیاز ندارد؛ داشبورد نشانی آن و یک کد QR را نشان می‌دهد.',
    'کارکنان چگونه ورود و خروج خود را ثبت می‌کنند؟ کیوسک حضور و غیاب را روی تبلت باز کنید. کارمند روی نام خود می‌زند (حروف بالای صفحه فهرست را کوتاه می‌کنند)، pin خود را وارد می‌کند و «ثبت ورود» یا «ثبت خروج» را می‌زند. کیوسک به ورود به حساب نیاز ندارد؛ داشبورد نشانی آن و یک کد qr را نشان می‌دهد.'
    FROM faq_entries WHERE position = 1;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (2, 'kiosk', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'How do I set up the kiosk tablet?',
    'On the dashboard, the remote connection card shows the kiosk address and its QR code. Scan the code with the tablet''s camera or type the address into its browser, then add the page to the home screen. Use an address the tablet can reach: not localhost. Behind a proxy, start the server with --public-url.',
    'how do i set up the kiosk tablet? on the dashboard, the remote connection card shows the kiosk address and its qr code. scan the code with the tablet''s camera or type the address into its browser, then add the page to the home screen. use an address the tablet can reach: not localhost. behind a proxy, start the server with --public-url.'
    FROM faq_entries WHERE position = 2;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Como configuro o tablet do quiosque?',
    'No painel, o cartão de conexão remota mostra o endereço do quiosque e o código QR dele. Leia o código com a câmera do tablet ou digite o endereço no navegador e adicione a página à tela inicial. Use um endereço que o tablet alcance: não localhost. Atrás de um proxy, inicie o servidor com --public-url.',
    'como configuro o tablet do quiosque? no painel, o cartão de conexão remota mostra o endereço do quiosque e o código qr dele. leia o código com a câmera do tablet ou digite o endereço no navegador e adicione a página à tela inicial. use um endereço que o tablet alcance: não localhost. atrás de um proxy, inicie o servidor com --public-url.'
    FROM faq_entries WHERE position = 2;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Cómo preparo la tableta del quiosco?',
    'En el panel, la tarjeta de conexión remota muestra la dirección del quiosco y su código QR. Escanee el código con la cámara de la tableta o escriba la dirección en su navegador y añada la página a la pantalla de inicio. Use una dirección que la tableta alcance: no localhost. Detrás de un proxy, inicie el servidor con --public-url.',
    '¿cómo preparo la tableta del quiosco? en el panel, la tarjeta de conexión remota muestra la dirección del quiosco y su código qr. escanee el código con la cámara de la tableta o escriba la dirección en su navegador y añada la página a la pantalla de inicio. use una dirección que la tableta alcance: no localhost. detrás de un proxy, inicie el servidor con --public-url.'
    FROM faq_entries WHERE position = 2;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '如何设置打卡终端的平板？',
    '在仪表板上，远程连接卡片显示打卡终端的地址和二维码。用平板的相机扫描二维码，或在浏览器中输入地址，然后把页面添加到主屏幕。请使用平板能访问的地址，而不是 localhost。如果服务器在代理后面，请用 --public-url 启动。',
    '如何设置打卡终端的平板？ 在仪表板上，远程连接卡片显示打卡终端的地址和二维码。用平板的相机扫描二维码，或在浏览器中输入地址，然后把页面添加到主屏幕。请使用平板能访问的地址，而不是 localhost。如果服务器在代理后面，请用 --public-url 启动。'
    FROM faq_entries WHERE position = 2;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'تبلت کیوسک را چگونه راه‌اندازی کنم؟',
    'در داشبورد، کارت اتصال از راه دور نشانی کیوسک و کد QR آن را نشان می‌دهد. کد را با دوربین تبلت بخوانید یا نشانی را در مرورگر آن وارد کنید، سپس صفحه را به صفحهٔ اصلی اضافه کنید. نشانی‌ای به کار ببرید که تبلت به آن دسترسی دارد، نه localhost. اگر سرور پشت پراکسی است، آن را با ‎--public-url اجرا کنید.',
    'تبلت کیوسک را چگونه راه‌اندازی کنم؟ در داشبورد، کارت اتصال از راه دور نشانی کیوسک و کد qr آن را نشان می‌دهد. کد را با دوربین تبلت بخوانید یا نشانی را در مرورگر آن وارد کنید، سپس صفحه را به صفحهٔ اصلی اضافه کنید. نشانی‌ای به کار ببرید که تبلت به آن دسترسی دارد، نه localhost. اگر سرور پشت پراکسی است، آن را با ‎--public-url اجرا کنید.'
    FROM faq_entries WHERE position = 2;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (3, 'kiosk', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'Someone forgot to clock out. How do I fix it?',
    'A shift open longer than the maximum shift (Settings) is flagged as a forgotten clock-out on the dashboard. On Employees, open the person''s punches and add the missing clock-out at the right time. Every correction is kept in the audit log.',
    'someone forgot to clock out. how do i fix it? a shift open longer than the maximum shift (settings) is flagged as a forgotten clock-out on the dashboard. on employees, open the person''s punches and add the missing clock-out at the right time. every correction is kept in the audit log.'
    FROM faq_entries WHERE position = 3;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Alguém esqueceu de registrar a saída. Como corrijo?',
    'Um turno aberto por mais tempo que o turno máximo (Configurações) aparece no painel como saída esquecida. Em Funcionários, abra as marcações da pessoa e adicione a saída que falta no horário certo. Toda correção fica no registro de auditoria.',
    'alguém esqueceu de registrar a saída. como corrijo? um turno aberto por mais tempo que o turno máximo (configurações) aparece no painel como saída esquecida. em funcionários, abra as marcações da pessoa e adicione a saída que falta no horário certo. toda correção fica no registro de auditoria.'
    FROM faq_entries WHERE position = 3;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    'Alguien olvidó fichar la salida. ¿Cómo lo corrijo?',
    'Un turno abierto más tiempo que el turno máximo (Ajustes) aparece en el panel como salida olvidada. En Empleados, abra los fichajes de la persona y añada la salida que falta a la hora correcta. Cada corrección queda en el registro de auditoría.',
    'alguien olvidó fichar la salida. ¿cómo lo corrijo? un turno abierto más tiempo que el turno máximo (ajustes) aparece en el panel como salida olvidada. en empleados, abra los fichajes de la persona y añada la salida que falta a la hora correcta. cada corrección queda en el registro de auditoría.'
    FROM faq_entries WHERE position = 3;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '有人忘记下班打卡，怎么修正？',
    '超过最长班次（见设置）仍未结束的班次会在仪表板上标记为忘记下班打卡。在“员工”中打开此人的打卡记录，按正确时间补上下班打卡。每次更正都会记入审计日志。',
    '有人忘记下班打卡，怎么修正？ 超过最长班次（见设置）仍未结束的班次会在仪表板上标记为忘记下班打卡。在“员工”中打开此人的打卡记录，按正确时间补上下班打卡。每次更正都会记入审计日志。'
    FROM faq_entries WHERE position = 3;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'کسی فراموش کرده خروج خود را ثبت کند. چگونه درستش کنم؟',
    'شیفتی که بیشتر از بیشینهٔ شیفت (تنظیمات) باز بماند در داشبورد به‌عنوان خروج فراموش‌شده علامت می‌خورد. در «کارکنان» ثبت‌های آن شخص را باز کنید و خروجِ جاافتاده را با زمان درست اضافه کنید. هر اصلاح در گزارش حسابرسی نگه داشته می‌شود.',
    'کسی فراموش کرده خروج خود را ثبت کند. چگونه درستش کنم؟ شیفتی که بیشتر از بیشینهٔ شیفت (تنظیمات) باز بماند در داشبورد به‌عنوان خروج فراموش‌شده علامت می‌خورد. در «کارکنان» ثبت‌های آن شخص را باز کنید و خروجِ جاافتاده را با زمان درست اضافه کنید. هر اصلاح در گزارش حسابرسی نگه داشته می‌شود.'
    FROM faq_entries WHERE position = 3;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (4, 'pins', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'How do I give an employee a PIN or change it?',
    'On Employees, open the employee and choose Set PIN. A PIN is 4 to 8 digits, typed twice. It is stored only as a hash and never shown again, not even to staff: if someone forgets theirs, set a new one.',
    'how do i give an employee a pin or change it? on employees, open the employee and choose set pin. a pin is 4 to 8 digits, typed twice. it is stored only as a hash and never shown again, not even to staff: if someone forgets theirs, set a new one.'
    FROM faq_entries WHERE position = 4;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Como dou um PIN a um funcionário ou o altero?',
    'Em Funcionários, abra o funcionário e escolha Definir PIN. O PIN tem de 4 a 8 dígitos e é digitado duas vezes. Ele é guardado apenas como hash e nunca mais é mostrado, nem à equipe: se alguém esquecer o seu, defina um novo.',
    'como dou um pin a um funcionário ou o altero? em funcionários, abra o funcionário e escolha definir pin. o pin tem de 4 a 8 dígitos e é digitado duas vezes. ele é guardado apenas como hash e nunca mais é mostrado, nem à equipe: se alguém esquecer o seu, defina um novo.'
    FROM faq_entries WHERE position = 4;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Cómo asigno o cambio el PIN de un empleado?',
    'En Empleados, abra el empleado y elija Definir PIN. Un PIN tiene de 4 a 8 dígitos y se escribe dos veces. Solo se guarda como hash y no se vuelve a mostrar, ni siquiera al personal: si alguien olvida el suyo, defina uno nuevo.',
    '¿cómo asigno o cambio el pin de un empleado? en empleados, abra el empleado y elija definir pin. un pin tiene de 4 a 8 dígitos y se escribe dos veces. solo se guarda como hash y no se vuelve a mostrar, ni siquiera al personal: si alguien olvida el suyo, defina uno nuevo.'
    FROM faq_entries WHERE position = 4;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '如何为员工设置或更改 PIN？',
    '在“员工”中打开该员工，选择“设置 PIN”。PIN 为 4 到 8 位数字，需要输入两次。系统只保存其哈希值，之后不会再显示，工作人员也看不到；如果有人忘记了 PIN，请重新设置一个。',
    '如何为员工设置或更改 pin？ 在“员工”中打开该员工，选择“设置 pin”。pin 为 4 到 8 位数字，需要输入两次。系统只保存其哈希值，之后不会再显示，工作人员也看不到；如果有人忘记了 pin，请重新设置一个。'
    FROM faq_entries WHERE position = 4;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'چگونه برای یک کارمند PIN تعیین یا آن را عوض کنم؟',
    'در «کارکنان» کارمند را باز کنید و «تعیین PIN» را بزنید. PIN از ۴ تا ۸ رقم است و دو بار وارد می‌شود. فقط هشِ آن ذخیره می‌شود و دیگر هرگز نشان داده نمی‌شود، حتی به کارکنان دفتر؛ اگر کسی PIN خود را فراموش کرد، یک PIN تازه تعیین کنید.',
    'چگونه برای یک کارمند pin تعیین یا آن را عوض کنم؟ در «کارکنان» کارمند را باز کنید و «تعیین pin» را بزنید. pin از ۴ تا ۸ رقم است و دو بار وارد می‌شود. فقط هشِ آن ذخیره می‌شود و دیگر هرگز نشان داده نمی‌شود، حتی به کارکنان دفتر؛ اگر کسی pin خود را فراموش کرد، یک pin تازه تعیین کنید.'
    FROM faq_entries WHERE position = 4;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (5, 'pins', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'What happens when someone keeps typing wrong PINs?',
    'After 5 wrong PINs for one employee, the kiosk makes the next try wait a minute, doubling up to an hour. Staff get a notification and the employee is flagged while the wait lasts. The right PIN ends it; nobody is locked out for good.',
    'what happens when someone keeps typing wrong pins? after 5 wrong pins for one employee, the kiosk makes the next try wait a minute, doubling up to an hour. staff get a notification and the employee is flagged while the wait lasts. the right pin ends it; nobody is locked out for good.'
    FROM faq_entries WHERE position = 5;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'O que acontece quando alguém erra o PIN várias vezes?',
    'Depois de 5 PINs errados para um funcionário, o quiosque faz a próxima tentativa esperar um minuto, dobrando até uma hora. A equipe recebe uma notificação e o funcionário fica sinalizado enquanto durar a espera. O PIN certo encerra a espera; ninguém fica bloqueado para sempre.',
    'o que acontece quando alguém erra o pin várias vezes? depois de 5 pins errados para um funcionário, o quiosque faz a próxima tentativa esperar um minuto, dobrando até uma hora. a equipe recebe uma notificação e o funcionário fica sinalizado enquanto durar a espera. o pin certo encerra a espera; ninguém fica bloqueado para sempre.'
    FROM faq_entries WHERE position = 5;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Qué pasa si alguien escribe mal el PIN una y otra vez?',
    'Tras 5 PIN incorrectos para un empleado, el quiosco hace esperar un minuto el siguiente intento, el doble cada vez hasta una hora. El personal recibe una notificación y el empleado queda marcado mientras dura la espera. El PIN correcto la termina; nadie queda bloqueado para siempre.',
    '¿qué pasa si alguien escribe mal el pin una y otra vez? tras 5 pin incorrectos para un empleado, el quiosco hace esperar un minuto el siguiente intento, el doble cada vez hasta una hora. el personal recibe una notificación y el empleado queda marcado mientras dura la espera. el pin correcto la termina; nadie queda bloqueado para siempre.'
    FROM faq_entries WHERE position = 5;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '如果有人一直输错 PIN 会怎样？',
    '某位员工的 PIN 连续输错 5 次后，打卡终端会让下一次尝试等待一分钟，之后每次加倍，最长一小时。工作人员会收到通知，在等待期间该员工会被标记。输入正确的 PIN 即可结束等待，没有人会被永久锁定。',
    '如果有人一直输错 pin 会怎样？ 某位员工的 pin 连续输错 5 次后，打卡终端会让下一次尝试等待一分钟，之后每次加倍，最长一小时。工作人员会收到通知，在等待期间该员工会被标记。输入正确的 pin 即可结束等待，没有人会被永久锁定。'
    FROM faq_entries WHERE position = 5;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'اگر کسی پشت سر هم PIN اشتباه وارد کند چه می‌شود؟',
    'پس از ۵ PIN اشتباه برای یک کارمند، کیوسک تلاش بعدی را یک دقیقه منتظر نگه می‌دارد و این زمان هر بار دو برابر می‌شود تا یک ساعت. کارکنان دفتر اعلان می‌گیرند و تا پایان انتظار کنار نام آن کارمند علامت می‌خورد. PIN درست انتظار را پایان می‌دهد؛ هیچ‌کس برای همیشه قفل نمی‌شود.',
    'اگر کسی پشت سر هم pin اشتباه وارد کند چه می‌شود؟ پس از ۵ pin اشتباه برای یک کارمند، کیوسک تلاش بعدی را یک دقیقه منتظر نگه می‌دارد و این زمان هر بار دو برابر می‌شود تا یک ساعت. کارکنان دفتر اعلان می‌گیرند و تا پایان انتظار کنار نام آن کارمند علامت می‌خورد. pin درست انتظار را پایان می‌دهد؛ هیچ‌کس برای همیشه قفل نمی‌شود.'
    FROM faq_entries WHERE position = 5;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (6, 'batches', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'What is a batch, and how do I receive stock?',
    'Stock is kept by batch: a code, a quantity, the date received and, if it has one, an expiry date. In Inventory, open the item and choose Receive stock. Every move (use, adjust, count, ship) names its batch, so each unit can be traced.',
    'what is a batch, and how do i receive stock? stock is kept by batch: a code, a quantity, the date received and, if it has one, an expiry date. in inventory, open the item and choose receive stock. every move (use, adjust, count, ship) names its batch, so each unit can be traced.'
    FROM faq_entries WHERE position = 6;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'O que é um lote e como recebo estoque?',
    'O estoque é controlado por lote: um código, uma quantidade, a data de recebimento e, se houver, a data de validade. Em Estoque, abra o item e escolha Receber estoque. Todo movimento (uso, ajuste, contagem, envio) indica o seu lote, então cada unidade pode ser rastreada.',
    'o que é um lote e como recebo estoque? o estoque é controlado por lote: um código, uma quantidade, a data de recebimento e, se houver, a data de validade. em estoque, abra o item e escolha receber estoque. todo movimento (uso, ajuste, contagem, envio) indica o seu lote, então cada unidade pode ser rastreada.'
    FROM faq_entries WHERE position = 6;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Qué es un lote y cómo recibo existencias?',
    'Las existencias se llevan por lote: un código, una cantidad, la fecha de recepción y, si la tiene, una fecha de caducidad. En Inventario, abra el artículo y elija Recibir existencias. Cada movimiento (uso, ajuste, recuento, envío) indica su lote, así que cada unidad se puede rastrear.',
    '¿qué es un lote y cómo recibo existencias? las existencias se llevan por lote: un código, una cantidad, la fecha de recepción y, si la tiene, una fecha de caducidad. en inventario, abra el artículo y elija recibir existencias. cada movimiento (uso, ajuste, recuento, envío) indica su lote, así que cada unidad se puede rastrear.'
    FROM faq_entries WHERE position = 6;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '什么是批次？如何入库？',
    '库存按批次管理：批次号、数量、入库日期，以及（如有）到期日期。在“库存”中打开物品，选择“入库”。每一笔变动（使用、调整、盘点、发货）都注明所属批次，因此每个单位都可追溯。',
    '什么是批次？如何入库？ 库存按批次管理：批次号、数量、入库日期，以及（如有）到期日期。在“库存”中打开物品，选择“入库”。每一笔变动（使用、调整、盘点、发货）都注明所属批次，因此每个单位都可追溯。'
    FROM faq_entries WHERE position = 6;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'بچ چیست و چگونه موجودی را تحویل بگیرم؟',
    'موجودی بر اساس بچ نگه داشته می‌شود: یک کد، یک مقدار، تاریخ دریافت و اگر داشته باشد تاریخ انقضا. در «انبار» کالا را باز کنید و «دریافت موجودی» را بزنید. هر جابه‌جایی (مصرف، تعدیل، شمارش، ارسال) بچ خود را مشخص می‌کند، پس هر واحد قابل ردیابی است.',
    'بچ چیست و چگونه موجودی را تحویل بگیرم؟ موجودی بر اساس بچ نگه داشته می‌شود: یک کد، یک مقدار، تاریخ دریافت و اگر داشته باشد تاریخ انقضا. در «انبار» کالا را باز کنید و «دریافت موجودی» را بزنید. هر جابه‌جایی (مصرف، تعدیل، شمارش، ارسال) بچ خود را مشخص می‌کند، پس هر واحد قابل ردیابی است.'
    FROM faq_entries WHERE position = 6;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (7, 'batches', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'Which batch should we use first?',
    'The one that expires first. Production and shipping suggest batches first-expiring first (FEFO), and the dashboard lists low stock and batches expiring within 30 days, expired ones first.',
    'which batch should we use first? the one that expires first. production and shipping suggest batches first-expiring first (fefo), and the dashboard lists low stock and batches expiring within 30 days, expired ones first.'
    FROM faq_entries WHERE position = 7;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Qual lote devemos usar primeiro?',
    'O que vence primeiro. Produção e expedição sugerem os lotes que vencem primeiro (FEFO), e o painel lista o estoque baixo e os lotes que vencem em até 30 dias, os vencidos primeiro.',
    'qual lote devemos usar primeiro? o que vence primeiro. produção e expedição sugerem os lotes que vencem primeiro (fefo), e o painel lista o estoque baixo e os lotes que vencem em até 30 dias, os vencidos primeiro.'
    FROM faq_entries WHERE position = 7;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Qué lote debemos usar primero?',
    'El que caduca antes. Producción y envíos proponen primero los lotes que caducan antes (FEFO), y el panel muestra las existencias bajas y los lotes que caducan en los próximos 30 días, los caducados primero.',
    '¿qué lote debemos usar primero? el que caduca antes. producción y envíos proponen primero los lotes que caducan antes (fefo), y el panel muestra las existencias bajas y los lotes que caducan en los próximos 30 días, los caducados primero.'
    FROM faq_entries WHERE position = 7;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '应该先用哪个批次？',
    '先用最早到期的批次。生产和发货会按“先到期先出”（FEFO）推荐批次，仪表板会列出低库存以及 30 天内到期的批次，已过期的排在最前。',
    '应该先用哪个批次？ 先用最早到期的批次。生产和发货会按“先到期先出”（fefo）推荐批次，仪表板会列出低库存以及 30 天内到期的批次，已过期的排在最前。'
    FROM faq_entries WHERE position = 7;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'کدام بچ را اول مصرف کنیم؟',
    'بچی که زودتر منقضی می‌شود. تولید و ارسال بچ‌ها را به ترتیب «اول منقضی، اول خارج» (FEFO) پیشنهاد می‌دهند و داشبورد موجودی کم و بچ‌هایی را که تا ۳۰ روز دیگر منقضی می‌شوند، با منقضی‌شده‌ها در ابتدا، فهرست می‌کند.',
    'کدام بچ را اول مصرف کنیم؟ بچی که زودتر منقضی می‌شود. تولید و ارسال بچ‌ها را به ترتیب «اول منقضی، اول خارج» (fefo) پیشنهاد می‌دهند و داشبورد موجودی کم و بچ‌هایی را که تا ۳۰ روز دیگر منقضی می‌شوند، با منقضی‌شده‌ها در ابتدا، فهرست می‌کند.'
    FROM faq_entries WHERE position = 7;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (8, 'batches', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'I recorded a wrong stock move. How do I undo it?',
    'Open the batch, find the move in its history and choose Undo. Packline records a move that reverses it; the original stays in the history, so the record is complete. Record the right move afterwards.',
    'i recorded a wrong stock move. how do i undo it? open the batch, find the move in its history and choose undo. packline records a move that reverses it; the original stays in the history, so the record is complete. record the right move afterwards.'
    FROM faq_entries WHERE position = 8;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Registrei um movimento de estoque errado. Como desfaço?',
    'Abra o lote, encontre o movimento no histórico e escolha Desfazer. O Packline registra um movimento que o anula; o original continua no histórico, para o registro ficar completo. Depois registre o movimento certo.',
    'registrei um movimento de estoque errado. como desfaço? abra o lote, encontre o movimento no histórico e escolha desfazer. o packline registra um movimento que o anula; o original continua no histórico, para o registro ficar completo. depois registre o movimento certo.'
    FROM faq_entries WHERE position = 8;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    'Registré un movimiento de existencias equivocado. ¿Cómo lo deshago?',
    'Abra el lote, busque el movimiento en su historial y elija Deshacer. Packline registra un movimiento que lo anula; el original sigue en el historial, así el registro queda completo. Después registre el movimiento correcto.',
    'registré un movimiento de existencias equivocado. ¿cómo lo deshago? abra el lote, busque el movimiento en su historial y elija deshacer. packline registra un movimiento que lo anula; el original sigue en el historial, así el registro queda completo. después registre el movimiento correcto.'
    FROM faq_entries WHERE position = 8;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '我记错了一笔库存变动，怎么撤销？',
    '打开该批次，在历史记录中找到这笔变动，选择“撤销”。Packline 会记录一笔反向变动，原记录仍保留在历史中，记录始终完整。之后再记录正确的变动。',
    '我记错了一笔库存变动，怎么撤销？ 打开该批次，在历史记录中找到这笔变动，选择“撤销”。packline 会记录一笔反向变动，原记录仍保留在历史中，记录始终完整。之后再记录正确的变动。'
    FROM faq_entries WHERE position = 8;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'یک جابه‌جایی موجودی را اشتباه ثبت کرده‌ام. چگونه آن را برگردانم؟',
    'بچ را باز کنید، جابه‌جایی را در سابقهٔ آن پیدا کنید و «واگرد» را بزنید. Packline یک جابه‌جایی معکوس ثبت می‌کند و اصلِ آن در سابقه می‌ماند تا سابقه کامل باشد. سپس جابه‌جایی درست را ثبت کنید.',
    'یک جابه‌جایی موجودی را اشتباه ثبت کرده‌ام. چگونه آن را برگردانم؟ بچ را باز کنید، جابه‌جایی را در سابقهٔ آن پیدا کنید و «واگرد» را بزنید. packline یک جابه‌جایی معکوس ثبت می‌کند و اصلِ آن در سابقه می‌ماند تا سابقه کامل باشد. سپس جابه‌جایی درست را ثبت کنید.'
    FROM faq_entries WHERE position = 8;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (9, 'recalls', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'A batch is recalled. How do I find where it went?',
    'Search Inventory for the batch code and open the batch. Its page is the recall view: every move of the batch, the production entries that used it and the shipments that carried it, with their destinations. Upload the recall notice on the same page so it stays with the batch.',
    'a batch is recalled. how do i find where it went? search inventory for the batch code and open the batch. its page is the recall view: every move of the batch, the production entries that used it and the shipments that carried it, with their destinations. upload the recall notice on the same page so it stays with the batch.'
    FROM faq_entries WHERE position = 9;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Um lote foi recolhido (recall). Como descubro para onde ele foi?',
    'Pesquise o código do lote em Estoque e abra o lote. A página dele é a visão de recall: todos os movimentos do lote, os lançamentos de produção que o usaram e as remessas que o levaram, com os destinos. Envie o aviso de recall na mesma página para ele ficar junto do lote.',
    'um lote foi recolhido (recall). como descubro para onde ele foi? pesquise o código do lote em estoque e abra o lote. a página dele é a visão de recall: todos os movimentos do lote, os lançamentos de produção que o usaram e as remessas que o levaram, com os destinos. envie o aviso de recall na mesma página para ele ficar junto do lote.'
    FROM faq_entries WHERE position = 9;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    'Se retira un lote del mercado. ¿Cómo sé adónde fue?',
    'Busque el código del lote en Inventario y abra el lote. Su página es la vista de retirada: todos los movimientos del lote, los registros de producción que lo usaron y los envíos que lo llevaron, con sus destinos. Suba el aviso de retirada en la misma página para que quede con el lote.',
    'se retira un lote del mercado. ¿cómo sé adónde fue? busque el código del lote en inventario y abra el lote. su página es la vista de retirada: todos los movimientos del lote, los registros de producción que lo usaron y los envíos que lo llevaron, con sus destinos. suba el aviso de retirada en la misma página para que quede con el lote.'
    FROM faq_entries WHERE position = 9;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '某个批次被召回，如何查到它去了哪里？',
    '在“库存”中搜索批次号并打开该批次。它的页面就是召回视图：该批次的每一笔变动、使用它的生产记录，以及运送它的发货单和目的地。在同一页面上传召回通知，使其与批次放在一起。',
    '某个批次被召回，如何查到它去了哪里？ 在“库存”中搜索批次号并打开该批次。它的页面就是召回视图：该批次的每一笔变动、使用它的生产记录，以及运送它的发货单和目的地。在同一页面上传召回通知，使其与批次放在一起。'
    FROM faq_entries WHERE position = 9;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'یک بچ فراخوان شده است. چگونه بفهمم به کجا رفته؟',
    'کد بچ را در «انبار» جست‌وجو کنید و بچ را باز کنید. صفحهٔ آن نمای فراخوان است: همهٔ جابه‌جایی‌های بچ، ثبت‌های تولیدی که از آن استفاده کرده‌اند و محموله‌هایی که آن را برده‌اند، همراه با مقصدشان. اطلاعیهٔ فراخوان را در همان صفحه بارگذاری کنید تا کنار بچ بماند.',
    'یک بچ فراخوان شده است. چگونه بفهمم به کجا رفته؟ کد بچ را در «انبار» جست‌وجو کنید و بچ را باز کنید. صفحهٔ آن نمای فراخوان است: همهٔ جابه‌جایی‌های بچ، ثبت‌های تولیدی که از آن استفاده کرده‌اند و محموله‌هایی که آن را برده‌اند، همراه با مقصدشان. اطلاعیهٔ فراخوان را در همان صفحه بارگذاری کنید تا کنار بچ بماند.'
    FROM faq_entries WHERE position = 9;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (10, 'production', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'How do I record production?',
    'Go to Production, Hourly: choose the line, the hour, the product and the units made. Packline takes the ingredients and packaging from stock by the product''s recipe (first-expiring batches first) and adds the finished goods as a new batch. A wrong entry is reversed, never deleted.',
    'how do i record production? go to production, hourly: choose the line, the hour, the product and the units made. packline takes the ingredients and packaging from stock by the product''s recipe (first-expiring batches first) and adds the finished goods as a new batch. a wrong entry is reversed, never deleted.'
    FROM faq_entries WHERE position = 10;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Como registro a produção?',
    'Vá em Produção, Por hora: escolha a linha, a hora, o produto e as unidades feitas. O Packline tira do estoque os ingredientes e as embalagens pela receita do produto (primeiro os lotes que vencem antes) e lança o produto acabado como um novo lote. Um lançamento errado é estornado, nunca apagado.',
    'como registro a produção? vá em produção, por hora: escolha a linha, a hora, o produto e as unidades feitas. o packline tira do estoque os ingredientes e as embalagens pela receita do produto (primeiro os lotes que vencem antes) e lança o produto acabado como um novo lote. um lançamento errado é estornado, nunca apagado.'
    FROM faq_entries WHERE position = 10;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Cómo registro la producción?',
    'Vaya a Producción, Por hora: elija la línea, la hora, el producto y las unidades hechas. Packline descuenta de las existencias los ingredientes y envases según la receta del producto (primero los lotes que caducan antes) y añade el producto terminado como un lote nuevo. Un registro erróneo se revierte, nunca se borra.',
    '¿cómo registro la producción? vaya a producción, por hora: elija la línea, la hora, el producto y las unidades hechas. packline descuenta de las existencias los ingredientes y envases según la receta del producto (primero los lotes que caducan antes) y añade el producto terminado como un lote nuevo. un registro erróneo se revierte, nunca se borra.'
    FROM faq_entries WHERE position = 10;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '如何记录生产？',
    '进入“生产”下的“每小时”：选择产线、时段、产品和产量。Packline 会按产品配方从库存中扣除原料和包装（先用最早到期的批次），并把成品作为新批次入库。记错的记录只能冲销，不能删除。',
    '如何记录生产？ 进入“生产”下的“每小时”：选择产线、时段、产品和产量。packline 会按产品配方从库存中扣除原料和包装（先用最早到期的批次），并把成品作为新批次入库。记错的记录只能冲销，不能删除。'
    FROM faq_entries WHERE position = 10;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'تولید را چگونه ثبت کنم؟',
    'به «تولید» و سپس «ساعتی» بروید: خط، ساعت، محصول و تعداد واحدهای تولیدشده را انتخاب کنید. Packline مواد اولیه و بسته‌بندی را طبق دستور تهیهٔ محصول از موجودی کم می‌کند (اول بچ‌هایی که زودتر منقضی می‌شوند) و محصول نهایی را به‌عنوان یک بچ تازه اضافه می‌کند. ثبت اشتباه برگشت داده می‌شود، هرگز حذف نمی‌شود.',
    'تولید را چگونه ثبت کنم؟ به «تولید» و سپس «ساعتی» بروید: خط، ساعت، محصول و تعداد واحدهای تولیدشده را انتخاب کنید. packline مواد اولیه و بسته‌بندی را طبق دستور تهیهٔ محصول از موجودی کم می‌کند (اول بچ‌هایی که زودتر منقضی می‌شوند) و محصول نهایی را به‌عنوان یک بچ تازه اضافه می‌کند. ثبت اشتباه برگشت داده می‌شود، هرگز حذف نمی‌شود.'
    FROM faq_entries WHERE position = 10;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (11, 'production', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'Where do I see how a production day went?',
    'Production, Daily shows each line''s units against its target and the units per labour hour. Overview shows the weeks'' trend and exports CSV. The dashboard shows today''s units so far and the best line.',
    'where do i see how a production day went? production, daily shows each line''s units against its target and the units per labour hour. overview shows the weeks'' trend and exports csv. the dashboard shows today''s units so far and the best line.'
    FROM faq_entries WHERE position = 11;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Onde vejo como foi um dia de produção?',
    'Produção, Diário mostra as unidades de cada linha em relação à meta e as unidades por hora de trabalho. A Visão geral mostra a tendência das semanas e exporta CSV. O painel mostra as unidades de hoje até agora e a melhor linha.',
    'onde vejo como foi um dia de produção? produção, diário mostra as unidades de cada linha em relação à meta e as unidades por hora de trabalho. a visão geral mostra a tendência das semanas e exporta csv. o painel mostra as unidades de hoje até agora e a melhor linha.'
    FROM faq_entries WHERE position = 11;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Dónde veo cómo fue un día de producción?',
    'Producción, Diario muestra las unidades de cada línea frente a su objetivo y las unidades por hora de trabajo. Resumen muestra la tendencia de las semanas y exporta CSV. El panel muestra las unidades de hoy hasta ahora y la mejor línea.',
    '¿dónde veo cómo fue un día de producción? producción, diario muestra las unidades de cada línea frente a su objetivo y las unidades por hora de trabajo. resumen muestra la tendencia de las semanas y exporta csv. el panel muestra las unidades de hoy hasta ahora y la mejor línea.'
    FROM faq_entries WHERE position = 11;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '在哪里查看某天的生产情况？',
    '“生产”下的“每日”显示每条产线的产量与目标对比，以及每工时产量。“概览”显示各周的趋势并可导出 CSV。仪表板显示今天到目前为止的产量和表现最好的产线。',
    '在哪里查看某天的生产情况？ “生产”下的“每日”显示每条产线的产量与目标对比，以及每工时产量。“概览”显示各周的趋势并可导出 csv。仪表板显示今天到目前为止的产量和表现最好的产线。'
    FROM faq_entries WHERE position = 11;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'کجا ببینم یک روز تولید چطور گذشت؟',
    '«تولید» و سپس «روزانه» تعداد واحدهای هر خط را در برابر هدف آن و واحد به ازای هر ساعت کار نشان می‌دهد. «نمای کلی» روند هفته‌ها را نشان می‌دهد و خروجی CSV می‌دهد. داشبورد واحدهای امروز تا این لحظه و بهترین خط را نشان می‌دهد.',
    'کجا ببینم یک روز تولید چطور گذشت؟ «تولید» و سپس «روزانه» تعداد واحدهای هر خط را در برابر هدف آن و واحد به ازای هر ساعت کار نشان می‌دهد. «نمای کلی» روند هفته‌ها را نشان می‌دهد و خروجی csv می‌دهد. داشبورد واحدهای امروز تا این لحظه و بهترین خط را نشان می‌دهد.'
    FROM faq_entries WHERE position = 11;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (12, 'shipping', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'How do I ship an order?',
    'In the shipping log choose New shipment: the destination, carrier, ship date and the batches with their quantities. It starts as planned and can still be edited. Ship takes the stock out; Deliver marks it arrived. Cancelling a shipped shipment puts the stock back.',
    'how do i ship an order? in the shipping log choose new shipment: the destination, carrier, ship date and the batches with their quantities. it starts as planned and can still be edited. ship takes the stock out; deliver marks it arrived. cancelling a shipped shipment puts the stock back.'
    FROM faq_entries WHERE position = 12;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Como envio um pedido?',
    'No registro de expedição escolha Nova remessa: o destino, a transportadora, a data de envio e os lotes com as quantidades. Ela começa como planejada e ainda pode ser editada. Enviar tira o estoque; Entregar marca a chegada. Cancelar uma remessa enviada devolve o estoque.',
    'como envio um pedido? no registro de expedição escolha nova remessa: o destino, a transportadora, a data de envio e os lotes com as quantidades. ela começa como planejada e ainda pode ser editada. enviar tira o estoque; entregar marca a chegada. cancelar uma remessa enviada devolve o estoque.'
    FROM faq_entries WHERE position = 12;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Cómo envío un pedido?',
    'En el registro de envíos elija Nuevo envío: el destino, el transportista, la fecha de envío y los lotes con sus cantidades. Empieza como planificado y aún se puede editar. Enviar descuenta las existencias; Entregar marca la llegada. Cancelar un envío ya enviado devuelve las existencias.',
    '¿cómo envío un pedido? en el registro de envíos elija nuevo envío: el destino, el transportista, la fecha de envío y los lotes con sus cantidades. empieza como planificado y aún se puede editar. enviar descuenta las existencias; entregar marca la llegada. cancelar un envío ya enviado devuelve las existencias.'
    FROM faq_entries WHERE position = 12;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '如何发货？',
    '在发货记录中选择“新建发货”：填写目的地、承运商、发货日期，以及各批次和数量。发货单开始时为“计划中”，仍可编辑。“发货”会扣除库存；“送达”标记已到达。取消已发货的发货单会把库存退回。',
    '如何发货？ 在发货记录中选择“新建发货”：填写目的地、承运商、发货日期，以及各批次和数量。发货单开始时为“计划中”，仍可编辑。“发货”会扣除库存；“送达”标记已到达。取消已发货的发货单会把库存退回。'
    FROM faq_entries WHERE position = 12;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'یک سفارش را چگونه ارسال کنم؟',
    'در دفتر ارسال «محمولهٔ جدید» را بزنید: مقصد، شرکت حمل، تاریخ ارسال و بچ‌ها با مقدارشان. محموله ابتدا «برنامه‌ریزی‌شده» است و هنوز ویرایش‌پذیر است. «ارسال» موجودی را کم می‌کند و «تحویل» رسیدن آن را ثبت می‌کند. لغو یک محمولهٔ ارسال‌شده موجودی را برمی‌گرداند.',
    'یک سفارش را چگونه ارسال کنم؟ در دفتر ارسال «محمولهٔ جدید» را بزنید: مقصد، شرکت حمل، تاریخ ارسال و بچ‌ها با مقدارشان. محموله ابتدا «برنامه‌ریزی‌شده» است و هنوز ویرایش‌پذیر است. «ارسال» موجودی را کم می‌کند و «تحویل» رسیدن آن را ثبت می‌کند. لغو یک محمولهٔ ارسال‌شده موجودی را برمی‌گرداند.'
    FROM faq_entries WHERE position = 12;

INSERT INTO faq_entries (position, topic, created_at, updated_at) VALUES (13, 'documents', CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'gb',
    'Which files can I upload, and how do I get a deleted one back?',
    'PDF, PNG, JPEG and WebP images, CSV, spreadsheets (XLSX, ODS), text documents (DOCX, ODT), plain text and ZIP, up to the size limit in Settings (50 MiB by default). The type is checked by the file''s content, not its name. A deleted document stays in the trash for 30 days, and an administrator can restore it.',
    'which files can i upload, and how do i get a deleted one back? pdf, png, jpeg and webp images, csv, spreadsheets (xlsx, ods), text documents (docx, odt), plain text and zip, up to the size limit in settings (50 mib by default). the type is checked by the file''s content, not its name. a deleted document stays in the trash for 30 days, and an administrator can restore it.'
    FROM faq_entries WHERE position = 13;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'br',
    'Quais arquivos posso enviar e como recupero um excluído?',
    'PDF, imagens PNG, JPEG e WebP, CSV, planilhas (XLSX, ODS), documentos de texto (DOCX, ODT), texto simples e ZIP, até o limite de tamanho das Configurações (50 MiB por padrão). O tipo é verificado pelo conteúdo do arquivo, não pelo nome. Um documento excluído fica 30 dias na lixeira, e um administrador pode restaurá-lo.',
    'quais arquivos posso enviar e como recupero um excluído? pdf, imagens png, jpeg e webp, csv, planilhas (xlsx, ods), documentos de texto (docx, odt), texto simples e zip, até o limite de tamanho das configurações (50 mib por padrão). o tipo é verificado pelo conteúdo do arquivo, não pelo nome. um documento excluído fica 30 dias na lixeira, e um administrador pode restaurá-lo.'
    FROM faq_entries WHERE position = 13;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'es',
    '¿Qué archivos puedo subir y cómo recupero uno eliminado?',
    'PDF, imágenes PNG, JPEG y WebP, CSV, hojas de cálculo (XLSX, ODS), documentos de texto (DOCX, ODT), texto sin formato y ZIP, hasta el límite de tamaño de Ajustes (50 MiB por defecto). El tipo se comprueba por el contenido del archivo, no por su nombre. Un documento eliminado queda 30 días en la papelera y un administrador puede restaurarlo.',
    '¿qué archivos puedo subir y cómo recupero uno eliminado? pdf, imágenes png, jpeg y webp, csv, hojas de cálculo (xlsx, ods), documentos de texto (docx, odt), texto sin formato y zip, hasta el límite de tamaño de ajustes (50 mib por defecto). el tipo se comprueba por el contenido del archivo, no por su nombre. un documento eliminado queda 30 días en la papelera y un administrador puede restaurarlo.'
    FROM faq_entries WHERE position = 13;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'cn',
    '可以上传哪些文件？如何找回已删除的文件？',
    'PDF、PNG/JPEG/WebP 图片、CSV、电子表格（XLSX、ODS）、文字文档（DOCX、ODT）、纯文本和 ZIP，大小不超过“设置”中的上限（默认 50 MiB）。文件类型按内容检查，而不是按文件名。已删除的文档会在回收站保留 30 天，管理员可以将其恢复。',
    '可以上传哪些文件？如何找回已删除的文件？ pdf、png/jpeg/webp 图片、csv、电子表格（xlsx、ods）、文字文档（docx、odt）、纯文本和 zip，大小不超过“设置”中的上限（默认 50 mib）。文件类型按内容检查，而不是按文件名。已删除的文档会在回收站保留 30 天，管理员可以将其恢复。'
    FROM faq_entries WHERE position = 13;
INSERT INTO faq_texts (entry_id, locale, question, answer, search_text) SELECT id, 'ir',
    'چه فایل‌هایی را می‌توانم بارگذاری کنم و فایل حذف‌شده را چگونه برگردانم؟',
    'PDF، تصاویر PNG، JPEG و WebP، CSV، صفحه‌گسترده (XLSX، ODS)، سند متنی (DOCX، ODT)، متن ساده و ZIP، تا سقف اندازهٔ تعیین‌شده در تنظیمات (به‌طور پیش‌فرض ۵۰ مبی‌بایت). نوع فایل از روی محتوای آن بررسی می‌شود، نه نامش. سند حذف‌شده ۳۰ روز در سطل زباله می‌ماند و مدیر می‌تواند آن را بازگرداند.',
    'چه فایل‌هایی را می‌توانم بارگذاری کنم و فایل حذف‌شده را چگونه برگردانم؟ pdf، تصاویر png، jpeg و webp، csv، صفحه‌گسترده (xlsx، ods)، سند متنی (docx، odt)، متن ساده و zip، تا سقف اندازهٔ تعیین‌شده در تنظیمات (به‌طور پیش‌فرض ۵۰ مبی‌بایت). نوع فایل از روی محتوای آن بررسی می‌شود، نه نامش. سند حذف‌شده ۳۰ روز در سطل زباله می‌ماند و مدیر می‌تواند آن را بازگرداند.'
    FROM faq_entries WHERE position = 13;
