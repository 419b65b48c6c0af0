// vegeta_stages: vegeta's attack with a load that changes within the run (haplab's load stages).
//
// The vegeta CLI holds one constant rate; its library takes any Pacer. This program is the CLI's
// `attack` for the options haplab uses (agents/drivers/vegeta.py), with the schedule read from a
// plan file instead of -rate, and it writes vegeta's own binary results (gob) to -output, so
// `vegeta encode` and the agent's tally read it as they read the CLI's.
//
//   - open loop ("segments"): one attack paced by stagedPacer, constant and linear segments of the
//     rate; request n (from 0) is due when the schedule's expected hits reach n + 1 (vegeta's own
//     constant pacer: (n + 1) x interval). agents/drivers/vegeta_stages.py computes the same slots.
//   - closed loop ("steps"): successive attacks at rate 0 (as fast as replies come) with each
//     step's worker count, each started on the step's boundary (the previous one's requests in
//     flight finish meanwhile), their results in one stream; sequence numbers of step i start at
//     i << 40, so they stay unique and in send order within a step.
package main

import (
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// segment: the rate goes linearly from FromRate to ToRate (requests/s) over [StartNs, EndNs),
// in ns after the attack began.
type segment struct {
	StartNs  int64   `json:"start_ns"`
	EndNs    int64   `json:"end_ns"`
	FromRate float64 `json:"from_rate"`
	ToRate   float64 `json:"to_rate"`
}

// step: a closed loop of Workers workers for DurationNs.
type step struct {
	DurationNs int64  `json:"duration_ns"`
	Workers    uint64 `json:"workers"`
}

type plan struct {
	Segments []segment `json:"segments"`
	Steps    []step    `json:"steps"`
}

const stepSeqShift = 40

// stagedPacer: a vegeta.Pacer over consecutive segments.
type stagedPacer struct {
	segments []segment
	hitsAt   []float64 // expected hits at each segment's start
}

func newStagedPacer(segments []segment) *stagedPacer {
	p := &stagedPacer{segments: segments}
	total := 0.0
	for _, s := range segments {
		p.hitsAt = append(p.hitsAt, total)
		total += (s.FromRate + s.ToRate) / 2 * float64(s.EndNs-s.StartNs) / 1e9
	}
	p.hitsAt = append(p.hitsAt, total)
	return p
}

// slot: when request n (from 0) is due, in ns after the attack began; false past the schedule.
func (p *stagedPacer) slot(n uint64) (int64, bool) {
	want := float64(n + 1)
	for i, s := range p.segments {
		if want > p.hitsAt[i+1] {
			continue
		}
		d := want - p.hitsAt[i]
		a := s.FromRate / 1e9
		slope := (s.ToRate - s.FromRate) / 1e9 / float64(s.EndNs-s.StartNs)
		// Solves a*x + slope/2*x^2 = d in the form that stays exact when slope is 0.
		x := 2 * d / (a + math.Sqrt(a*a+2*slope*d))
		return int64(math.Floor(float64(s.StartNs) + x + 0.5)), true
	}
	return 0, false
}

func (p *stagedPacer) Pace(elapsed time.Duration, hits uint64) (time.Duration, bool) {
	due, ok := p.slot(hits)
	if !ok {
		return 0, true
	}
	return time.Duration(due) - elapsed, false // negative: behind, send now
}

func (p *stagedPacer) Rate(elapsed time.Duration) float64 {
	for _, s := range p.segments {
		if int64(elapsed) < s.EndNs {
			f := float64(int64(elapsed)-s.StartNs) / float64(s.EndNs-s.StartNs)
			return s.FromRate + (s.ToRate-s.FromRate)*f
		}
	}
	return 0
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "vegeta_stages: %s\n", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		planFile, targetsFile, outputFile string
		workers, maxWorkers               uint64
		timeout                           time.Duration
		maxBody                           int64
		redirects                         int
		keepalive, http2, h2c, insecure   bool
	)
	fs := flag.NewFlagSet("vegeta_stages", flag.ContinueOnError)
	fs.StringVar(&planFile, "plan", "", "JSON plan: segments (open loop) or steps (closed loop)")
	fs.StringVar(&targetsFile, "targets", "", "Targets file (vegeta's JSON format)")
	fs.StringVar(&outputFile, "output", "", "Results file (vegeta's binary format)")
	fs.Uint64Var(&workers, "workers", vegeta.DefaultWorkers, "Initial workers (open loop)")
	fs.Uint64Var(&maxWorkers, "max-workers", vegeta.DefaultMaxWorkers, "Maximum workers (open loop)")
	fs.DurationVar(&timeout, "timeout", vegeta.DefaultTimeout, "Request timeout")
	fs.Int64Var(&maxBody, "max-body", vegeta.DefaultMaxBody, "Response bytes kept (-1: all)")
	fs.IntVar(&redirects, "redirects", vegeta.DefaultRedirects, "Redirects to follow (-1: none)")
	fs.BoolVar(&keepalive, "keepalive", true, "Reuse connections")
	fs.BoolVar(&http2, "http2", true, "HTTP/2 over TLS when the server offers it")
	fs.BoolVar(&h2c, "h2c", false, "HTTP/2 without TLS")
	fs.BoolVar(&insecure, "insecure", false, "Do not verify TLS certificates")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return err
	}
	var p plan
	raw, err := os.ReadFile(planFile)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("plan %s: %w", planFile, err)
	}
	if (len(p.Segments) == 0) == (len(p.Steps) == 0) {
		return fmt.Errorf("plan %s: give segments or steps", planFile)
	}
	src, err := os.Open(targetsFile)
	if err != nil {
		return err
	}
	defer src.Close()
	targets, err := vegeta.ReadAllTargets(vegeta.NewJSONTargeter(src, nil, nil))
	if err != nil {
		return err
	}
	targeter := vegeta.NewStaticTargeter(targets...)
	out, err := os.Create(outputFile)
	if err != nil {
		return err
	}
	defer out.Close()

	attacker := func(w, most uint64) *vegeta.Attacker {
		return vegeta.NewAttacker(
			vegeta.Redirects(redirects),
			vegeta.Timeout(timeout),
			vegeta.TLSConfig(&tls.Config{InsecureSkipVerify: insecure}),
			vegeta.Workers(w),
			vegeta.MaxWorkers(most),
			vegeta.KeepAlive(keepalive),
			vegeta.HTTP2(http2),
			vegeta.H2C(h2c),
			vegeta.MaxBody(maxBody),
		)
	}

	results := make(chan *vegeta.Result)
	var attackers []*vegeta.Attacker
	var mu sync.Mutex // attackers, appended by the closed loop's stepper
	stopped := false
	var wg sync.WaitGroup
	forward := func(ch <-chan *vegeta.Result, seqBase uint64) {
		defer wg.Done()
		for r := range ch {
			r.Seq += seqBase
			results <- r
		}
	}
	if len(p.Segments) > 0 {
		pacer := newStagedPacer(p.Segments)
		last := p.Segments[len(p.Segments)-1].EndNs
		a := attacker(workers, maxWorkers)
		attackers = append(attackers, a)
		wg.Add(1)
		go forward(a.Attack(targeter, pacer, time.Duration(last), "stages"), 0)
	} else {
		began := time.Now()
		wg.Add(1) // the stepper itself, so results closes only after every step was started
		go func() {
			defer wg.Done()
			offset := time.Duration(0)
			for i, s := range p.Steps {
				time.Sleep(time.Until(began.Add(offset)))
				mu.Lock()
				if stopped {
					mu.Unlock()
					return
				}
				a := attacker(s.Workers, s.Workers)
				attackers = append(attackers, a)
				wg.Add(1)
				go forward(a.Attack(targeter, vegeta.ConstantPacer{}, time.Duration(s.DurationNs), "stages"),
					uint64(i)<<stepSeqShift)
				mu.Unlock()
				offset += time.Duration(s.DurationNs)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	enc := vegeta.NewEncoder(out)
	for {
		select {
		case <-sig:
			mu.Lock()
			if stopped { // a second signal: exit now, as vegeta does
				mu.Unlock()
				return nil
			}
			stopped = true
			for _, a := range attackers {
				a.Stop()
			}
			mu.Unlock()
		case r, ok := <-results:
			if !ok {
				return nil
			}
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
	}
}
