#include "CEditShim.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static volatile sig_atomic_t interrupt_pending = 0;
static volatile sig_atomic_t terminate_signal = 0;
static char prompt_text[512] = "trendsh> ";

static void on_interrupt(int signo) {
    (void)signo;
    interrupt_pending = 1;
}

static void on_terminate(int signo) { terminate_signal = signo; }

void trendsh_install_signal_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: a blocked read returns EINTR */
    action.sa_handler = on_interrupt;
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = on_terminate;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int trendsh_interrupt_pending(void) { return interrupt_pending; }
void trendsh_clear_interrupt(void) { interrupt_pending = 0; }
int trendsh_terminate_signal(void) { return terminate_signal; }

/// Reads one character, decoding UTF-8 with the C locale set by the caller. Unlike libedit's
/// own reader it gives up at once when a signal interrupts the read, so Ctrl-C ends el_gets.
static int read_char(EditLine *el, wchar_t *out) {
    (void)el;
    char bytes[MB_LEN_MAX];
    size_t length = 0;
    for (;;) {
        if (terminate_signal) {
            *out = L'\0';
            return -1;
        }
        unsigned char byte;
        ssize_t got = read(STDIN_FILENO, &byte, 1);
        if (got == -1) {
            if (errno == EINTR && !interrupt_pending && !terminate_signal) continue;
            *out = L'\0';
            return -1;
        }
        if (got == 0) {
            *out = L'\0';
            return 0;
        }
        bytes[length++] = (char)byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        wchar_t decoded;
        size_t used = mbrtowc(&decoded, bytes, length, &state);
        if (used == (size_t)-2 && length < sizeof bytes) continue;
        if (used == (size_t)-1 || used == (size_t)-2) {
            *out = (wchar_t)(unsigned char)bytes[0];
            return 1;
        }
        *out = decoded;
        return 1;
    }
}

static char *prompt_function(EditLine *el) {
    (void)el;
    return prompt_text;
}

EditLine *trendsh_el_open(const char *program) {
    EditLine *el = el_init(program, stdin, stdout, stderr);
    if (el == NULL) return NULL;
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT_ESC, prompt_function, '\1');
    el_set(el, EL_GETCFN, read_char);
    return el;
}

void trendsh_el_close(EditLine *el) { el_end(el); }

int trendsh_el_source_editrc(EditLine *el) { return el_source(el, NULL); }

void trendsh_el_set_prompt(EditLine *el, const char *text) {
    (void)el;
    strncpy(prompt_text, text, sizeof prompt_text - 1);
    prompt_text[sizeof prompt_text - 1] = '\0';
}

int trendsh_el_bind_completion(EditLine *el, trendsh_el_command fn) {
    if (el_set(el, EL_ADDFN, "trendsh-complete", "Complete the command or argument", fn) != 0)
        return -1;
    return el_set(el, EL_BIND, "^I", "trendsh-complete", NULL);
}

void trendsh_el_set_clientdata(EditLine *el, void *data) { el_set(el, EL_CLIENTDATA, data); }

void *trendsh_el_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

const char *trendsh_el_gets(EditLine *el, int *count) { return el_gets(el, count); }

History *trendsh_history_open(int size) {
    History *h = history_init();
    if (h == NULL) return NULL;
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}

void trendsh_history_close(History *h) { history_end(h); }

void trendsh_history_attach(EditLine *el, History *h) { el_set(el, EL_HIST, history, h); }

int trendsh_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
