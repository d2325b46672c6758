const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The server-rendered login page: it works with JavaScript off, like Django's admin login. */
export function renderLoginPage(options: {
  next: string;
  xsrf: string;
  error?: string;
  username?: string;
  demo: boolean;
}) {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Вход — toydesk</title>
<style>
  body { font-family: Roboto, system-ui, sans-serif; background: #f5f5f5; color: #272727; display: grid; place-items: center; min-height: 100vh; margin: 0; }
  form { background: #fff; padding: 32px; border-radius: 4px; box-shadow: 0 1px 3px rgba(0,0,0,.2); width: 320px; }
  h1 { font-size: 20px; margin: 0 0 16px; }
  label { display: block; font-size: 13px; margin: 12px 0 4px; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #bdbdbd; border-radius: 4px; font-size: 14px; }
  button { margin-top: 20px; width: 100%; padding: 10px; background: #1976d2; color: #fff; border: 0; border-radius: 4px; font-size: 14px; cursor: pointer; }
  .error { color: #EC4E20; font-size: 13px; }
  .demo { color: #FF9505; font-weight: bold; font-size: 12px; }
</style>
</head>
<body>
<form method="post" action="/admin/login/">
  <h1>toydesk</h1>
  ${options.demo ? '<p class="demo">DEMO</p>' : ''}
  ${error}
  <input type="hidden" name="csrfmiddlewaretoken" value="${escapeHtml(options.xsrf)}">
  <input type="hidden" name="next" value="${escapeHtml(options.next)}">
  <label for="id_username">Имя пользователя (Username)</label>
  <input type="text" name="username" id="id_username" autocomplete="username" autofocus required value="${escapeHtml(options.username ?? '')}">
  <label for="id_password">Пароль (Password)</label>
  <input type="password" name="password" id="id_password" autocomplete="current-password" required>
  <button type="submit">Войти</button>
</form>
</body>
</html>`;
}
