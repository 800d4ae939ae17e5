-- Registrations for wrk, each with a new phone and the same photo (npm run bench writes the files):
--   wrk -t1 -c12 -d15s -s bench/registrations.lua http://host:port/api/auth/register -- <head> <tail> <first phone>
-- <head> is the multipart body up to the phone number in form_data, <tail> the rest (photo included).
-- Every answer is printed as "answer <status> <user_id or ->" for the bench to count and check.

local head, tail, nextPhone, contentType

local function readFile(path)
  local file = assert(io.open(path, "rb"))
  local content = file:read("*a")
  file:close()
  return content
end

function init(args)
  head = readFile(args[1])
  tail = readFile(args[2])
  nextPhone = tonumber(args[3])
  contentType = "multipart/form-data; boundary=" .. head:match("^%-%-([^\r]+)")
end

function request()
  local phone = string.format("+4479111%05d", nextPhone)
  nextPhone = nextPhone + 1
  return wrk.format("POST", nil, { ["Content-Type"] = contentType }, head .. phone .. tail)
end

function response(status, headers, body)
  io.write("answer ", status, " ", body:match('"user_id":"([^"]+)"') or "-", "\n")
end
