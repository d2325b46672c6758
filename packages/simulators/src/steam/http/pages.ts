import { escapeHtml } from '@toydesk/steam/wire';

/** The HTML the simulated community serves, reduced to what clients read from it. */

export function signInPage(): string {
  return (
    '<!DOCTYPE html><html><head><title>Sign In</title></head><body>' +
    '<script>g_steamID = false;</script><div class="login_form">Sign in</div></body></html>'
  );
}

export function parentalPage(): string {
  return (
    '<!DOCTYPE html><html><head><title>Steam Community :: Family View</title></head><body>' +
    '<div id="parental_notice_instructions">Enter your PIN below to exit Family View.</div></body></html>'
  );
}

export function sorryPage(message: string): string {
  return `<!DOCTYPE html><html><head><title>Steam Community :: Error</title></head><body><h1>Sorry!</h1><h3>${escapeHtml(message)}</h3></body></html>`;
}

export function page(title: string, body: string): string {
  return `<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body><script>g_steamID = "1";</script>${body}</body></html>`;
}

export function profileEditPage(config: unknown): string {
  return page(
    'Steam Community :: Edit Profile',
    `<div id="profile_edit_config" data-profile-edit="${escapeHtml(JSON.stringify(config))}" data-profile-badges="{}"></div>`,
  );
}

export function walletPage(info: unknown): string {
  return page(
    'Steam Community :: Steam Community Market',
    `<script>\n\t\tvar g_rgWalletInfo = ${JSON.stringify(info)};\n\t</script><div id="myMarketListings"></div>`,
  );
}

export function openIdFormPage(action: string, fields: [string, string][]): string {
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'Steam Community :: Sign In',
    `<form name="loginForm" id="openidForm" action="${escapeHtml(action)}" method="POST">${inputs}<input type="submit" class="btn_green_white_innerfade" value="Sign In"></form>`,
  );
}
