-- The first FAQ answer (how employees clock in and out) now names the
-- kiosk's buttons as the kiosk shows them in each language, and the Confirm
-- step after the PIN. Only text nobody has edited is changed: an answer that
-- differs from the one 0075 wrote is the organisation's and stays.
-- A database made since the FAQ moved to internal/faq/seed.json (which holds
-- the new text) has no entries yet when this runs, and nothing changes.

UPDATE faq_texts SET
    answer = 'Open the clock-in kiosk on the tablet. The employee taps their name (the letters at the top narrow the list), types their PIN, taps Confirm, then taps Clock In or Clock Out. The kiosk needs no sign-in; the dashboard shows its address and a QR code.',
    search_text = 'how do employees clock in and out? open the clock-in kiosk on the tablet. the employee taps their name (the letters at the top narrow the list), types their pin, taps confirm, then taps clock in or clock out. the kiosk needs no sign-in; the dashboard shows its address and a qr code.'
    WHERE locale = 'gb' AND answer = 'Open the clock-in kiosk on the tablet. The employee taps their name (the letters at the top narrow the list), types their PIN and taps Clock in or Clock out. The kiosk needs no sign-in; the dashboard shows its address and a QR code.'
      AND entry_id = (SELECT id FROM faq_entries WHERE position = 1 AND topic = 'kiosk');

UPDATE faq_texts SET
    answer = 'Abra o quiosque de ponto no tablet. O funcionário toca no próprio nome (as letras no topo filtram a lista), digita o PIN, toca em Confirmar e depois em Registrar entrada ou Registrar saída. O quiosque não precisa de login; o painel mostra o endereço dele e um código QR.',
    search_text = 'como os funcionários registram entrada e saída? abra o quiosque de ponto no tablet. o funcionário toca no próprio nome (as letras no topo filtram a lista), digita o pin, toca em confirmar e depois em registrar entrada ou registrar saída. o quiosque não precisa de login; o painel mostra o endereço dele e um código qr.'
    WHERE locale = 'br' AND answer = 'Abra o quiosque de ponto no tablet. O funcionário toca no próprio nome (as letras no topo filtram a lista), digita o PIN e toca em Registrar entrada ou Registrar saída. O quiosque não precisa de login; o painel mostra o endereço dele e um código QR.'
      AND entry_id = (SELECT id FROM faq_entries WHERE position = 1 AND topic = 'kiosk');

UPDATE faq_texts SET
    answer = 'Abra el quiosco de fichaje en la tableta. El empleado toca su nombre (las letras de arriba acortan la lista), escribe su PIN, toca Confirmar y luego Registrar entrada o Registrar salida. El quiosco no necesita iniciar sesión; el panel muestra su dirección y un código QR.',
    search_text = '¿cómo fichan la entrada y la salida los empleados? abra el quiosco de fichaje en la tableta. el empleado toca su nombre (las letras de arriba acortan la lista), escribe su pin, toca confirmar y luego registrar entrada o registrar salida. el quiosco no necesita iniciar sesión; el panel muestra su dirección y un código qr.'
    WHERE locale = 'es' AND answer = 'Abra el quiosco de fichaje en la tableta. El empleado toca su nombre (las letras de arriba acortan la lista), escribe su PIN y toca Fichar entrada o Fichar salida. El quiosco no necesita iniciar sesión; el panel muestra su dirección y un código QR.'
      AND entry_id = (SELECT id FROM faq_entries WHERE position = 1 AND topic = 'kiosk');

UPDATE faq_texts SET
    answer = '在平板上打开打卡终端。员工点击自己的名字（顶部的字母可缩小列表），输入 PIN 并点击确认，然后点击上班打卡或下班打卡。打卡终端无需登录；仪表板上显示它的地址和二维码。',
    search_text = '员工如何上班打卡和下班打卡？ 在平板上打开打卡终端。员工点击自己的名字（顶部的字母可缩小列表），输入 pin 并点击确认，然后点击上班打卡或下班打卡。打卡终端无需登录；仪表板上显示它的地址和二维码。'
    WHERE locale = 'cn' AND answer = '在平板上打开打卡终端。员工点击自己的名字（顶部的字母可缩小列表），输入 PIN，然后点击上班打卡或下班打卡。打卡终端无需登录；仪表板上显示它的地址和二维码。'
      AND entry_id = (SELECT id FROM faq_entries WHERE position = 1 AND topic = 'kiosk');

UPDATE faq_texts SET
    answer = 'کیوسک ثبت حضور را روی تبلت باز کنید. کارمند روی نام خود می‌زند (حروف بالای صفحه فهرست را کوتاه می‌کنند)، PIN خود را وارد می‌کند، «تأیید» را می‌زند و سپس «ثبت ورود» یا «ثبت خروج» را می‌زند. کیوسک به ورود به حساب نیاز ندارد؛ داشبورد نشانی آن و یک کد QR را نشان می‌دهد.',
    search_text = 'کارکنان چگونه ورود و خروج خود را ثبت می‌کنند؟ کیوسک ثبت حضور را روی تبلت باز کنید. کارمند روی نام خود می‌زند (حروف بالای صفحه فهرست را کوتاه می‌کنند)، pin خود را وارد می‌کند، «تأیید» را می‌زند و سپس «ثبت ورود» یا «ثبت خروج» را می‌زند. کیوسک به ورود به حساب نیاز ندارد؛ داشبورد نشانی آن و یک کد qr را نشان می‌دهد.'
    WHERE locale = 'ir' AND answer = 'کیوسک حضور و غیاب را روی تبلت باز کنید. کارمند روی نام خود می‌زند (حروف بالای صفحه فهرست را کوتاه می‌کنند)، PIN خود را وارد می‌کند و «ثبت ورود» یا «ثبت خروج» را می‌زند. کیوسک به ورود به حساب نیاز ندارد؛ داشبورد نشانی آن و یک کد QR را نشان می‌دهد.'
      AND entry_id = (SELECT id FROM faq_entries WHERE position = 1 AND topic = 'kiosk');
