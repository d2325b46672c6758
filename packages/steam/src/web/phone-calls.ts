import { ERESULT } from '../eresult.ts';
import type {
  AddPhoneResult,
  EmailConfirmationState,
  PhoneNumberInput,
  SteamSession,
} from '../steam-gateway.ts';
import { eresultError, type SteamWebClient } from './steam-web-client.ts';

/**
 * Adding and verifying a phone: no DoctorMcKay library has it (marketplaces.md section 3), so these are the raw
 * IPhoneService WebAPI calls with the MobileApp access token, as public clients make them. Parameters are sent
 * as form fields (WebAPI service methods also take them that way; the official app sends protobuf) and the
 * outcome is the X-eresult header. [unverified against live Steam: field names per public clients]
 */

export async function addPhone(
  web: SteamWebClient,
  session: SteamSession,
  phone: PhoneNumberInput,
): Promise<AddPhoneResult> {
  const operation = 'addPhone';
  const status = await web.webApi<{ verified_phone?: boolean }>(operation, session, {
    path: 'IPhoneService/AccountPhoneStatus/v1',
  });
  if (status.eresult !== ERESULT.OK) throw eresultError(operation, status.eresult, status.message);
  const reply = await web.webApi<{ confirmation_email_address?: string; phone_number_formatted?: string }>(
    operation,
    session,
    {
      path: 'IPhoneService/SetAccountPhoneNumber/v1',
      params: { phone_number: phone.number, phone_country_code: phone.countryCode ?? '' },
    },
  );
  if (reply.eresult !== ERESULT.OK) {
    throw eresultError(operation, reply.eresult, reply.message ?? 'phone number refused', {
      [ERESULT.InvalidParam]: 'invalid_phone',
      [ERESULT.Fail]: 'invalid_phone',
    });
  }
  return {
    confirmation: status.response.verified_phone ? 'phone_change' : 'email_confirm',
    emailHint: reply.response.confirmation_email_address ?? null,
    phoneNumberFormatted: reply.response.phone_number_formatted ?? null,
  };
}

export async function isWaitingForEmailConfirmation(
  web: SteamWebClient,
  session: SteamSession,
): Promise<EmailConfirmationState> {
  const operation = 'isWaitingForEmailConfirmation';
  const reply = await web.webApi<{ awaiting_email_confirmation?: boolean; seconds_to_wait?: number }>(
    operation,
    session,
    {
      path: 'IPhoneService/IsAccountWaitingForEmailConfirmation/v1',
    },
  );
  if (reply.eresult !== ERESULT.OK) throw eresultError(operation, reply.eresult, reply.message);
  return {
    waiting: reply.response.awaiting_email_confirmation === true,
    secondsToWait: Number(reply.response.seconds_to_wait ?? 0),
  };
}

export async function sendPhoneCode(
  web: SteamWebClient,
  session: SteamSession,
  operation = 'sendPhoneCode',
): Promise<void> {
  const reply = await web.webApi(operation, session, {
    path: 'IPhoneService/SendPhoneVerificationCode/v1',
    params: { language: 0 },
  });
  if (reply.eresult !== ERESULT.OK) throw eresultError(operation, reply.eresult, reply.message);
}

export async function confirmPhoneCode(
  web: SteamWebClient,
  session: SteamSession,
  code: string,
): Promise<void> {
  const operation = 'confirmPhoneCode';
  const reply = await web.webApi(operation, session, {
    path: 'IPhoneService/VerifyAccountPhoneWithCode/v1',
    params: { code: code.trim() },
  });
  if (reply.eresult !== ERESULT.OK) {
    throw eresultError(operation, reply.eresult, reply.message ?? 'bad SMS code', {
      [ERESULT.InvalidLoginAuthCode]: 'bad_sms_code',
      [ERESULT.InvalidParam]: 'bad_sms_code',
      [ERESULT.Fail]: 'bad_sms_code',
    });
  }
}
