import {
  ZCheckDuplicatesResponseSchema,
  ZCompanyValidateResponseSchema,
  ZCreateGarageResponseSchema,
  ZGarageProfileResponseSchema,
  ZUpdatePhoneResponseSchema,
  ZValidateReferralResponseSchema,
  type TCheckDuplicatesRequest,
  type TCheckDuplicatesResponse,
  type TCompanyValidateRequest,
  type TCompanyValidateResponse,
  type TCreateGarageRequest,
  type TCreateGarageResponse,
  type TGarageProfile,
  type TUpdatePhoneResponse,
  type TValidateReferralResponse,
} from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/** The garages service's calls (companies/, garages/ and users/phone/). */

/** POST companies/validate: the registered name and a short-lived proof of the check. */
export async function validateCompany(
  input: TCompanyValidateRequest,
  client: TApiClient = api,
): Promise<TCompanyValidateResponse['data']> {
  return (await client.post('companies/validate', input, ZCompanyValidateResponseSchema)).data;
}

/** POST garages/check-duplicates: whether the company already has a garage (a taken e-mail is the signup's own 409). */
export async function checkDuplicates(
  input: TCheckDuplicatesRequest,
  client: TApiClient = api,
): Promise<TCheckDuplicatesResponse['data']> {
  return (await client.post('garages/check-duplicates', input, ZCheckDuplicatesResponseSchema)).data;
}

/** POST garages/validate-referral: whether a garage owns the code, and its name. */
export async function validateReferral(
  referralCode: string,
  client: TApiClient = api,
): Promise<TValidateReferralResponse['data']> {
  return (await client.post('garages/validate-referral', { referralCode }, ZValidateReferralResponseSchema)).data;
}

/** POST garages: registers a garage and its user (201). */
export async function createGarage(
  input: TCreateGarageRequest,
  client: TApiClient = api,
): Promise<TCreateGarageResponse['data']['garage']> {
  return (await client.post('garages', input, ZCreateGarageResponseSchema)).data.garage;
}

/** GET garages/me: the signed-in garage's own profile. */
export async function fetchMyGarage(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TGarageProfile> {
  return (await client.get('garages/me', ZGarageProfileResponseSchema, requestOptions)).data.garage;
}

/** PATCH users/phone/{id}: a garage's contact phone. */
export async function updatePhone(
  userId: string,
  phone: string,
  client: TApiClient = api,
): Promise<TUpdatePhoneResponse> {
  return client.patch(`users/phone/${encodeURIComponent(userId)}`, { phone }, ZUpdatePhoneResponseSchema);
}
