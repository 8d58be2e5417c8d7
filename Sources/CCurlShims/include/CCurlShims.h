#pragma once

// Fixed-arity wrappers around the parts of libcurl that Swift cannot call: `curl_easy_setopt`,
// `curl_easy_getinfo` and `curl_multi_setopt` are variadic, and Swift imports no C variadic function. Each wrapper
// passes one argument of one C type through; the policy lives in the OutboundHTTP Swift module.

#include <curl/curl.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A write or header callback (`CURLOPT_WRITEFUNCTION`, `CURLOPT_HEADERFUNCTION`): `size * count` bytes at `data`;
/// returning anything else aborts the transfer.
typedef size_t (*CCurlShims_DataCallback)(char *_Nonnull data, size_t size, size_t count, void *_Nullable context);

/// `curl_easy_setopt` with a `long` argument (flags, counts, milliseconds): the call is variadic.
CURLcode CCurlShims_easy_setopt_long(CURL *_Nonnull handle, CURLoption option, long value);

/// `curl_easy_setopt` with a `curl_off_t` argument (`CURLOPT_POSTFIELDSIZE_LARGE`, `CURLOPT_MAXFILESIZE_LARGE`):
/// the call is variadic.
CURLcode CCurlShims_easy_setopt_off_t(CURL *_Nonnull handle, CURLoption option, curl_off_t value);

/// `curl_easy_setopt` with a pointer argument (strings, which libcurl copies, the header list, a callback's
/// context): the call is variadic.
CURLcode CCurlShims_easy_setopt_pointer(CURL *_Nonnull handle, CURLoption option, const void *_Nullable value);

/// `curl_easy_setopt` with a write or header callback: the call is variadic, and a function pointer cannot be
/// passed where the variadic `...` expects `void *` without a cast C allows and Swift does not.
CURLcode CCurlShims_easy_setopt_data_callback(
    CURL *_Nonnull handle,
    CURLoption option,
    CCurlShims_DataCallback _Nonnull callback
);

/// `curl_easy_getinfo` for a `long` (`CURLINFO_RESPONSE_CODE`): the call is variadic.
CURLcode CCurlShims_easy_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value);

/// `curl_multi_setopt` with a `long` argument (`CURLMOPT_MAX_HOST_CONNECTIONS`, `CURLMOPT_MAXCONNECTS`): the call
/// is variadic.
CURLMcode CCurlShims_multi_setopt_long(CURLM *_Nonnull handle, CURLMoption option, long value);

/// The `CURLcode` a finished transfer's `CURLMsg` carries: Swift reads a C union member only through an unsafe
/// cast, this is one line of C.
CURLcode CCurlShims_message_result(const CURLMsg *_Nonnull message);

#ifdef __cplusplus
}
#endif
