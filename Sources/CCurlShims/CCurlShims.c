#include "CCurlShims.h"

CURLcode CCurlShims_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode CCurlShims_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode CCurlShims_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode CCurlShims_easy_setopt_data_callback(CURL *handle, CURLoption option, CCurlShims_DataCallback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode CCurlShims_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLMcode CCurlShims_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

CURLcode CCurlShims_message_result(const CURLMsg *message) {
    return message->data.result;
}
