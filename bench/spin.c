/* One busy loop for the bench's load rows: spins on a core until killed, and dies with its parent
 * (PR_SET_PDEATHSIG) so an interrupted bench never leaves it behind. */
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(void) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) return 0; /* the parent died before prctl took effect */
    for (volatile unsigned long n = 0;; n++) {}
}
