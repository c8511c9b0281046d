#ifndef TRENDSH_CEDITSHIM_H
#define TRENDSH_CEDITSHIM_H

#include <stdio.h>
#include <histedit.h>

/// Non-variadic wrappers around libedit's el_set/el_get/history, which Swift cannot call,
/// plus the signal flags the line reader and the store's busy wait share.

typedef unsigned char (*trendsh_el_command)(EditLine *el, int ch);

/// Opens libedit on the standard streams with emacs bindings and the trendsh prompt.
EditLine *trendsh_el_open(const char *program);
void trendsh_el_close(EditLine *el);
/// Reads ~/.editrc (or $EDITRC); lines prefixed `trendsh:` apply. Tab is bound to completion
/// again afterwards, because switching keymaps (`bind -v`) drops the binding.
int trendsh_el_source_editrc(EditLine *el);
/// Sets the prompt text; bytes between two '\1' are escape codes of zero width.
void trendsh_el_set_prompt(EditLine *el, const char *text);
/// Binds Tab to a completion callback.
int trendsh_el_bind_completion(EditLine *el, trendsh_el_command fn);
void trendsh_el_set_clientdata(EditLine *el, void *data);
void *trendsh_el_clientdata(EditLine *el);
/// Reads a line; returns NULL at end of input, on error, or when a signal interrupted it.
const char *trendsh_el_gets(EditLine *el, int *count);

History *trendsh_history_open(int size);
void trendsh_history_close(History *h);
void trendsh_history_attach(EditLine *el, History *h);
int trendsh_history_enter(History *h, const char *line);

/// Installs handlers for SIGINT (sets the interrupt flag), SIGTERM and SIGHUP (set the
/// terminate flag), SIGWINCH (resizes the editor) and SIGCONT (after Ctrl-Z, takes the
/// terminal back and redraws the line). Each also wakes a waiting reader through a
/// self-pipe, whichever thread the signal lands on. `interactive` says a terminal echoes ^C.
void trendsh_install_signal_handlers(int interactive);
/// Waits until `fd` can be read (1), a signal is pending (0), or poll fails (-1).
int trendsh_wait_readable(int fd);
/// Restores the default action for `signo` and raises it, so a parent sees the signal.
void trendsh_reraise(int signo);
int trendsh_interrupt_pending(void);
void trendsh_clear_interrupt(void);
int trendsh_terminate_signal(void);

#endif
