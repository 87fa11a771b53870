// Package procgroup starts child programs (engines, agents) so that they
// and whatever they start can be killed together, and, where the system
// allows, die with the program that started them even if it is killed
// with SIGKILL and cannot clean up.
package procgroup
