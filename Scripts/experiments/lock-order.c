// Two locks taken in both orders by one thread, one after the other: no
// hang, but a potential deadlock (another thread doing the second half
// while this one does the first would wait forever). ThreadSanitizer's
// deadlock detector reports such a cycle in the lock-order graph as
// "lock-order-inversion (potential deadlock)" where it works. Used by
// Scripts/tsan.sh (built with gcc) and chapter 03's going further.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t rossio = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t chiado = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  pthread_mutex_lock(&rossio);
  pthread_mutex_lock(&chiado);
  pthread_mutex_unlock(&chiado);
  pthread_mutex_unlock(&rossio);

  pthread_mutex_lock(&chiado);
  pthread_mutex_lock(&rossio);
  pthread_mutex_unlock(&rossio);
  pthread_mutex_unlock(&chiado);
  puts("both orders taken, no hang");
  return 0;
}
