// The class on the local network: serves the browser build to the students' devices and a small API
// (join, follow the teacher's step, answer) over a ClassRoom, with cpp-httplib (Debian's libcpp-httplib-dev:
// a maintained, dependency-free HTTP/1.1 server with thread-pool workers and chunked responses for
// Server-Sent Events, which is all a class of a few hundred needs; no TLS on a classroom LAN).
//
// What a student's page may do: join with the class code, read the state, wait for it to change (SSE, or
// polling), answer the open question. Everything else (opening a question, reveal, vote again, the room's
// answers, the record) needs the teacher's token, which no student link carries. Requests are bounded in
// size and rate, come only from the local network (private, loopback or link-local addresses), never from
// another origin, and never reach the file system except as files of the site folder.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "viz/model/class_room.h"
#include "gradlab/no_copy.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace gradlab::app {

struct ClassServerOptions {
  std::string bind = "0.0.0.0";  // where to listen; the teacher says (--bind)
  int port = 8642;               // 0: any free port
  std::string site;              // the browser build's folder (tools/web/build's site); "" serves the API only
  size_t maxBodyBytes = 16 << 10;
  int workers = 320;             // one a waiting page (SSE): a class of a few hundred
  double requestsPerSecond = 20.0, burst = 60.0;  // each client (a student's token, else an address)
  bool localNetworkOnly = true;
};

// What students follow: the teacher's lesson step and tab.
struct ClassView {
  std::string lesson;
  int step = 0;
  std::string tab = "scatter";
};

class ClassServer : NoCopy {
 public:
  ClassServer(viz::ClassRoom& room, ClassServerOptions options);
  ~ClassServer();

  // Listens and serves on its own threads; false (and `why`) when the address or port cannot be had.
  bool start(std::string* why);
  void stop();
  int port() const { return port_; }
  const std::string& joinCode() const { return joinCode_; }          // 4 digits, typed or in the link
  const std::string& teacherToken() const { return teacherToken_; }  // never in a student's link
  std::string studentLink(const std::string& host) const;            // http://host:port/?join=CODE

  // The teacher moved: pages following the class go there.
  void show(const ClassView& view);
  // Every change a page should see (a step, a question opened, revealed, a new round) counts one version.
  void changed();
  uint64_t version() const;

 private:
  void routes();
  bool admitted(const httplib::Request& req, httplib::Response& res, const std::string& client);
  bool teacher(const httplib::Request& req, httplib::Response& res);
  std::string stateJson() const;

  viz::ClassRoom& room_;
  ClassServerOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  std::string joinCode_, teacherToken_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  uint64_t version_ = 1;
  ClassView view_;
  bool stopping_ = false;
  struct Bucket {
    double tokens = 0.0;
    int64_t lastMs = 0;
  };
  std::map<std::string, Bucket> buckets_;  // per client
};

// Whether an address (as the server saw the peer) is on the local network: loopback, private (10/8,
// 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10).
bool localNetworkAddress(const std::string& address);

}  // namespace gradlab::app
